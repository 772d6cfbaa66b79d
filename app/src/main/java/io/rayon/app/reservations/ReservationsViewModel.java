package io.rayon.app.reservations;

import io.rayon.app.plan.PlanState;
import io.rayon.app.plan.PlanViewModel;
import io.rayon.app.plan.PlanningService;
import io.rayon.app.task.BackgroundTask;
import io.rayon.app.task.TaskExecutor;
import io.rayon.app.task.TaskHandle;
import io.rayon.app.workspace.ReservationEdits;
import io.rayon.app.workspace.Selection;
import io.rayon.app.workspace.WorkspaceViewModel;
import io.rayon.engine.plan.Plan;
import io.rayon.engine.rdl.CompileResult;
import io.rayon.engine.rdl.RdlCompiler;
import io.rayon.engine.rdl.RdlProblem;
import io.rayon.engine.reservation.PlanningRun;
import io.rayon.model.plan.Decision;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.SharingPolicySpec;
import io.rayon.views.rdl.BlockProblem;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * The Reservations tab's state: which reservation the RDL builder edits ({@link #currentProperty()
 * current}, following the workspace selection), validation of the composed expression through the
 * RDL compiler, and live feasibility: every complete, valid expression is tried by the selected
 * planner against the current plan in the background; the previous check is cancelled when the next
 * edit arrives and late answers are dropped.
 */
public final class ReservationsViewModel {
  private final WorkspaceViewModel ws;
  private final TaskExecutor executor;
  private final PlanViewModel plan;
  private final ReservationEdits edits;
  private final ReadOnlyObjectWrapper<ReservationRequest> current =
      new ReadOnlyObjectWrapper<>(this, "current");
  private final ReadOnlyObjectWrapper<Feasibility> feasibility =
      new ReadOnlyObjectWrapper<>(this, "feasibility", Feasibility.NONE);
  private TaskHandle check;
  private long checkSeq;

  public ReservationsViewModel(WorkspaceViewModel ws, TaskExecutor executor, PlanViewModel plan) {
    this.ws = ws;
    this.executor = executor;
    this.plan = plan;
    this.edits = new ReservationEdits(ws);
    ws.selectionProperty().addListener((o, a, b) -> follow(b));
    ws.scenarioProperty().addListener((o, a, b) -> refreshCurrent());
    plan.plannerProperty().addListener((o, a, b) -> recheck());
    plan.policyTextProperty().addListener((o, a, b) -> recheck());
    plan.stateProperty().addListener((o, a, b) -> recheck());
    follow(ws.selectionProperty().get());
  }

  private void follow(Selection s) {
    if (s == null || s.kind() != Selection.Kind.RESERVATION) return;
    ReservationRequest r = ws.reservation(s.id()).orElse(null);
    if (r != null && (current.get() == null || !current.get().id().equals(r.id()))) {
      current.set(r);
      recheck();
    }
  }

  private void refreshCurrent() {
    ReservationRequest c = current.get();
    if (c == null) {
      follow(ws.selectionProperty().get());
      return;
    }
    ReservationRequest now = ws.reservation(c.id()).orElse(null);
    if (now == null) {
      current.set(null);
      cancelCheck();
      feasibility.set(Feasibility.NONE);
    } else if (!now.equals(c)) {
      boolean exprChanged = !now.rdl().equals(c.rdl());
      current.set(now);
      if (exprChanged) recheck();
    }
  }

  /** Called by the view with the builder's expression after every edit (null while incomplete). */
  public void expressionEdited(Rdl e) {
    ReservationRequest c = current.get();
    if (c == null) return;
    if (e == null) {
      cancelCheck();
      feasibility.set(
          new Feasibility(
              Feasibility.Status.INCOMPLETE,
              "Fill every operator and window to check feasibility.",
              null));
      return;
    }
    if (!e.equals(c.rdl())) edits.setRdlUntracked(c.id(), e);
    else recheck();
  }

  /** The builder's validator: the RDL compiler's problems, with paths into the expression. */
  public List<BlockProblem> validate(Rdl e) {
    List<BlockProblem> out = new ArrayList<>();
    for (RdlProblem p : RdlCompiler.compile(e, ws.getScenario().cluster()).problems())
      out.add(new BlockProblem(p.path(), p.message()));
    return out;
  }

  /** Re-runs the feasibility check of the current reservation's expression. */
  public void recheck() {
    ReservationRequest c = current.get();
    cancelCheck();
    if (c == null) {
      feasibility.set(Feasibility.NONE);
      return;
    }
    CompileResult compiled = RdlCompiler.compile(c.rdl(), ws.getScenario().cluster());
    if (!compiled.feasible()) {
      RdlProblem first = compiled.problems().get(0);
      feasibility.set(
          new Feasibility(
              Feasibility.Status.INVALID,
              (first.code().invalid() ? "Invalid: " : "Never feasible: ")
                  + first.message()
                  + (first.path().isEmpty() ? "" : " (block " + first.path() + ")"),
              null));
      return;
    }
    PlanningService.Request req;
    try {
      req =
          new PlanningService.Request(
              ws.getScenario(),
              plan.plannerProperty().get(),
              null,
              SharingPolicySpec.parse(plan.policyTextProperty().get()));
    } catch (IllegalArgumentException ex) {
      feasibility.set(
          new Feasibility(
              Feasibility.Status.NONE,
              "Fix the sharing policy to check feasibility: " + ex.getMessage(),
              null));
      return;
    }
    PlanState st = plan.getState();
    Plan base = st == null ? null : st.plan();
    long seq = ++checkSeq;
    feasibility.set(
        new Feasibility(Feasibility.Status.CHECKING, "Checking with " + req.planner() + "…", null));
    check =
        executor.execute(
            BackgroundTask.of(
                    "Live feasibility",
                    (p, cancel) -> PlanningService.tryPlace(req, base, c, cancel))
                .quiet()
                .light()
                .onSuccess(
                    t -> {
                      if (seq == checkSeq) show(t, req.planner(), base == null);
                    })
                .onFailure(
                    ex -> {
                      if (seq == checkSeq)
                        feasibility.set(
                            new Feasibility(
                                Feasibility.Status.NONE, "Check failed: " + ex.getMessage(), null));
                    })
                .onCancelled(() -> {}));
  }

  private void show(PlanningRun.Trial t, String planner, boolean emptyPlan) {
    Decision d = t.decision();
    String against = emptyPlan ? "on the empty plan" : "against the current plan";
    if (d.accepted()) {
      var a = d.allocation();
      feasibility.set(
          new Feasibility(
              Feasibility.Status.ACCEPTED,
              planner
                  + " would accept it "
                  + against
                  + ": steps "
                  + a.start()
                  + "–"
                  + a.end()
                  + ", "
                  + a.work()
                  + " bundle-steps"
                  + ifMoved(t.moved()),
              a));
    } else {
      feasibility.set(
          new Feasibility(
              Feasibility.Status.REJECTED,
              planner
                  + " would reject it "
                  + against
                  + ": "
                  + PlanViewModel.describe(d.rejection()),
              null));
    }
  }

  /**
   * "" when nothing would move, else ", if 2 reservations that have not started move: A (steps 2–6
   * → 16–20), C (…)".
   */
  static String ifMoved(List<PlanningRun.Moved> moved) {
    if (moved.isEmpty()) return "";
    List<String> each = new ArrayList<>();
    for (PlanningRun.Moved m : moved) each.add(PlanViewModel.describeMove(m));
    return ", if "
        + (moved.size() == 1
            ? "1 reservation that has not started moves"
            : moved.size() + " reservations that have not started move")
        + ": "
        + String.join(", ", each);
  }

  private void cancelCheck() {
    checkSeq++;
    if (check != null) {
      check.cancel();
      check = null;
    }
  }

  public ReservationEdits edits() {
    return edits;
  }

  public ReadOnlyObjectProperty<ReservationRequest> currentProperty() {
    return current.getReadOnlyProperty();
  }

  public ReadOnlyObjectProperty<Feasibility> feasibilityProperty() {
    return feasibility.getReadOnlyProperty();
  }
}
