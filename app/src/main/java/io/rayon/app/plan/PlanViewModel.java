package io.rayon.app.plan;

import io.rayon.app.prefs.AppPreferences;
import io.rayon.app.task.BackgroundTask;
import io.rayon.app.task.BackgroundWork;
import io.rayon.app.task.TaskExecutor;
import io.rayon.app.task.TaskHandle;
import io.rayon.app.workspace.Selection;
import io.rayon.app.workspace.WorkspaceViewModel;
import io.rayon.engine.planners.Planners;
import io.rayon.engine.planning.PlannerOptions;
import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.reservation.PlanningRun;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.scenario.SharingPolicySpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Plan tab's state: the chosen planner, its time limit (MILP, hybrid) and sharing policy
 * (validated here), the current plan, the rejected reservations with their reasons, and the running
 * job. Runs go through the {@link TaskExecutor}; results are applied on the JavaFX thread. A run
 * whose result arrives after the document was replaced is dropped, and a cancelled run that left
 * reservations undecided does not replace the plan shown.
 */
public final class PlanViewModel {
  /** A rejected reservation and why, for the "why rejected" list. */
  public record RejectedRow(String id, String name, String code, String path, String reason) {}

  /**
   * A reservation the last run moved to make room (bounded repair), for the "moved" list: where it
   * was ({@code from}) and where it is now ({@code to}), as "steps 2–6".
   */
  public record MovedRow(String id, String name, String from, String to) {}

  private final WorkspaceViewModel ws;
  private final TaskExecutor executor;
  private final AppPreferences prefs;
  private final ObservableList<String> planners =
      FXCollections.observableArrayList(Planners.names());
  private final StringProperty planner = new SimpleStringProperty(this, "planner");
  private final StringProperty policyText = new SimpleStringProperty(this, "policyText", "none");

  /** Solver time limit for the MILP and hybrid planners (ignored by GREE and GREE-L). */
  private final StringProperty timeLimit = new SimpleStringProperty(this, "timeLimit", "60s");

  private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
  private final ReadOnlyObjectWrapper<PlanState> state = new ReadOnlyObjectWrapper<>(this, "state");
  private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
  private final ReadOnlyStringWrapper summary =
      new ReadOnlyStringWrapper(
          this, "summary", "No plan yet: choose a planner and press Re-plan all.");
  private final ReadOnlyStringWrapper progress = new ReadOnlyStringWrapper(this, "progress", "");

  /**
   * Set when the plan shown is a MILP plan that accepts fewer reservations than GREE-L; else empty.
   */
  private final ReadOnlyStringWrapper warning = new ReadOnlyStringWrapper(this, "warning", "");

  private final ObservableList<RejectedRow> rejected = FXCollections.observableArrayList();
  private final ObservableList<MovedRow> moved = FXCollections.observableArrayList();

  /** What the last run moved, as one sentence (see {@link #movedNotice}); empty when nothing. */
  private final ReadOnlyStringWrapper movedNotice =
      new ReadOnlyStringWrapper(this, "movedNotice", "");

  private TaskHandle current;
  private long runId;
  private boolean cancelRequested;

  public PlanViewModel(WorkspaceViewModel ws, TaskExecutor executor, AppPreferences prefs) {
    this.ws = ws;
    this.executor = executor;
    this.prefs = prefs;
    String p = prefs.planner(planners.isEmpty() ? "gree" : planners.get(0));
    planner.set(planners.contains(p) ? p : planners.get(0));
    planner.addListener(
        (o, a, b) -> {
          if (b != null) prefs.setPlanner(b);
          validatePolicy();
        });
    policyText.addListener((o, a, b) -> validatePolicy());
    timeLimit.addListener((o, a, b) -> validatePolicy());
    ws.loadsProperty().addListener((o, a, b) -> documentReplaced());
    ws.scenarioProperty()
        .addListener(
            (o, a, b) -> {
              if (a == null
                  || b == null
                  || a.cluster() != b.cluster()
                  || a.horizonSteps() != b.horizonSteps()) documentReplaced();
              else refreshRejected();
            });
    documentReplaced();
  }

  private void documentReplaced() {
    runId++;
    if (current != null) current.cancel();
    finished();
    Scenario s = ws.getScenario();
    policyText.set(s.sharingPolicy().toString());
    state.set(null);
    rejected.clear();
    moved.clear();
    movedNotice.set("");
    ws.reservationBadges().clear();
    warning.set("");
    summary.set("No plan yet: choose a planner and press Re-plan all.");
  }

  private void validatePolicy() {
    try {
      SharingPolicySpec.parse(policyText.get());
      Planners.byName(planner.get(), options());
      problem.set("");
    } catch (IllegalArgumentException e) {
      problem.set(e.getMessage());
    }
  }

  /**
   * The selected planner's options: the time limit when the planner has one (its own field), and
   * every other option the planner describes from its generated control, when not blank.
   */
  private PlannerOptions options() {
    PlannerOptions o = PlannerOptions.NONE;
    String name = planner.get();
    if (name == null || !Planners.REGISTRY.contains(name)) return o;
    for (OptionSpec spec : Planners.plugin(name).options()) {
      String v =
          spec.name().equals(TIME_LIMIT) ? timeLimit.get() : optionProperty(name, spec).get();
      if (v != null && !v.isBlank()) o = o.with(spec.name(), v.trim());
      // the heap a MILP model may take: what this JVM can still give it
      if (spec.name().equals(MEMORY) && (v == null || v.isBlank()))
        o = o.with(MEMORY, Long.toString(freeHeap()));
    }
    return o;
  }

  /** The MILP's memory option, filled from the free heap unless the user set it. */
  static final String MEMORY = "memory";

  /** Heap a MILP model may take: three quarters of what the JVM can still allocate. */
  private static long freeHeap() {
    Runtime rt = Runtime.getRuntime();
    return Math.max(1, (rt.maxMemory() - (rt.totalMemory() - rt.freeMemory())) / 4 * 3);
  }

  /** The option the time-limit field edits (the other options get generated controls). */
  public static final String TIME_LIMIT = "time-limit";

  private final Map<String, StringProperty> optionValues = new HashMap<>();

  /**
   * The text value of one option of one planner, starting at the option's default; the Plan tab
   * binds the control generated from the option's spec to it. Each planner keeps its own values.
   */
  public StringProperty optionProperty(String plannerName, OptionSpec spec) {
    return optionValues.computeIfAbsent(
        plannerName + "/" + spec.name(),
        k -> {
          StringProperty p =
              new SimpleStringProperty(
                  this, k, spec.defaultValue() == null ? "" : spec.defaultValue());
          p.addListener((o, a, b) -> validatePolicy());
          return p;
        });
  }

  /**
   * The option specs of the selected planner, from the planner registry (empty when none is
   * selected).
   */
  public List<OptionSpec> plannerOptions() {
    String name = planner.get();
    return name == null || !Planners.REGISTRY.contains(name)
        ? List.of()
        : Planners.plugin(name).options();
  }

  /** The request for a run, or null (with {@link #problemProperty()} set) when invalid. */
  PlanningService.Request request() {
    SharingPolicySpec spec;
    PlannerOptions opts = options();
    try {
      spec = SharingPolicySpec.parse(policyText.get());
      Planners.byName(planner.get(), opts);
    } catch (IllegalArgumentException e) {
      problem.set(e.getMessage());
      return null;
    }
    problem.set("");
    return new PlanningService.Request(ws.getScenario(), planner.get(), opts, spec);
  }

  public void replanAll() {
    PlanningService.Request req = request();
    if (req == null) return;
    run("Re-plan all with " + req.planner(), (p, c) -> PlanningService.replanAll(req, p, c));
  }

  public void placePending() {
    PlanningService.Request req = request();
    if (req == null) return;
    PlanState prev = compatible(req);
    run(
        "Place pending with " + req.planner(),
        (p, c) -> PlanningService.placePending(req, prev, null, p, c));
  }

  /** Places the reservation selected in the workspace (nothing when none is). */
  public void placeSelected() {
    Selection sel = ws.selectionProperty().get();
    if (sel == null || sel.kind() != Selection.Kind.RESERVATION) {
      ws.setStatus("Select a reservation to place it.");
      return;
    }
    placeOne(sel.id());
  }

  public void placeOne(String id) {
    PlanningService.Request req = request();
    if (req == null) return;
    PlanState prev = compatible(req);
    run(
        "Place " + id + " with " + req.planner(),
        (p, c) -> PlanningService.placePending(req, prev, id, p, c));
  }

  public StringProperty timeLimitProperty() {
    return timeLimit;
  }

  /**
   * The current state when it was made with the same planner and policy, else null (start over).
   */
  private PlanState compatible(PlanningService.Request req) {
    PlanState s = state.get();
    if (s == null || !s.planner().equals(req.planner()) || !s.policy().equals(req.policy()))
      return null;
    return s;
  }

  private void run(String title, BackgroundWork<PlanState> work) {
    if (current != null) current.cancel();
    long id = ++runId;
    movedByLastRun = false;
    cancelRequested = false;
    running.set(true);
    summary.set(title + "…");
    TaskHandle h =
        executor.execute(
            BackgroundTask.of(title, work)
                .onSuccess(
                    st -> {
                      if (id != runId) return;
                      finished();
                      if (cancelRequested && stopped(st) > 0) keepAfterCancel(st);
                      else apply(st, cancelRequested);
                    })
                .onFailure(
                    e -> {
                      if (id != runId) return;
                      finished();
                      summary.set("Planning failed: " + e.getMessage());
                      ws.setStatus("Planning failed: " + e.getMessage());
                    })
                .onCancelled(
                    () -> {
                      if (id != runId) return;
                      finished();
                      summary.set("Planning cancelled before any result.");
                    }));
    if (id == runId && running.get()) {
      current = h;
      progress.bind(h.messageProperty());
    }
  }

  private void finished() {
    running.set(false);
    current = null;
    progress.unbind();
    progress.set("");
  }

  /**
   * How many decisions of a run say the planner stopped (cancelled or out of time) before deciding.
   */
  private static long stopped(PlanState st) {
    return st.decisions().values().stream()
        .filter(
            d ->
                !d.accepted()
                    && d.rejection() != null
                    && d.rejection().code() == Rejection.Code.STOPPED)
        .count();
  }

  /**
   * A cancelled run that left reservations undecided. It never replaces a plan the user had: that
   * plan stays, with its rejected list. Without one, what the run had placed before it stopped (a
   * MILP's incumbent) is shown when it accepted anything; a run that placed nothing leaves no plan.
   */
  private void keepAfterCancel(PlanState st) {
    long accepted = st.decisions().values().stream().filter(Decision::accepted).count();
    String undecided =
        stopped(st) + " of " + st.decisions().size() + " reservations were not decided";
    if (state.get() != null) {
      summary.set("Planning cancelled (" + undecided + "); the previous plan is kept.");
    } else if (accepted > 0) {
      apply(st, true);
      return;
    } else {
      summary.set("Planning cancelled before any reservation was placed (" + undecided + ").");
    }
    ws.setStatus(summary.get());
  }

  private void apply(PlanState st, boolean wasCancelled) {
    state.set(st);
    refreshRejected();
    refreshMoved(st);
    warning.set(warningFor(st));
    long accepted = st.decisions().values().stream().filter(Decision::accepted).count();
    StringBuilder sb = new StringBuilder();
    sb.append(st.planner())
        .append(": ")
        .append(accepted)
        .append(" accepted, ")
        .append(st.decisions().size() - accepted)
        .append(" rejected in ")
        .append(st.runtimeMs())
        .append(" ms");
    for (String clause : MetricText.clauses(st.report())) sb.append("; ").append(clause);
    if (wasCancelled) sb.append(" (cancelled: best result so far)");
    summary.set(sb.toString());
    ws.setStatus(sb.toString());
  }

  /**
   * The warning for a MILP plan that accepts fewer reservations than GREE-L on the same input (the
   * planner reports {@code belowGreeL} and {@code greeLAccepted}); empty otherwise.
   */
  static String warningFor(PlanState st) {
    if (st == null || !Boolean.TRUE.equals(st.report().get("belowGreeL"))) return "";
    long accepted = st.decisions().values().stream().filter(Decision::accepted).count();
    return "This MILP plan accepts "
        + accepted
        + " of "
        + st.decisions().size()
        + " reservations, fewer than GREE-L's "
        + st.report().get("greeLAccepted")
        + " on the same input: it is not the best plan known. The hybrid planner"
        + " starts from the greedy plan and keeps the better of the two.";
  }

  /** Switches to the hybrid planner (same time limit and policy) and re-plans everything. */
  public void replanWithHybrid() {
    planner.set("hybrid");
    replanAll();
  }

  private void refreshRejected() {
    PlanState st = state.get();
    List<RejectedRow> rows = new ArrayList<>();
    if (st != null) {
      for (ReservationRequest r : ws.getScenario().reservations()) {
        if (st.statusOf(r) != PlanState.Status.REJECTED) continue;
        Decision d = st.decisions().get(r.id());
        var why = d.rejection();
        rows.add(
            new RejectedRow(
                r.id(),
                r.name(),
                why == null ? "" : String.valueOf(why.code()),
                why == null || why.path() == null ? "" : why.path(),
                why == null ? "rejected" : describe(why)));
      }
    }
    rejected.setAll(rows);
  }

  /** The moved list and notice of a new state: they last until the next plan is shown. */
  private void refreshMoved(PlanState st) {
    List<MovedRow> rows = new ArrayList<>();
    for (PlanningRun.Moved m : st.moved()) {
      String name = ws.reservation(m.id()).map(ReservationRequest::name).orElse("");
      rows.add(new MovedRow(m.id(), name == null ? "" : name, steps(m.before()), steps(m.after())));
    }
    moved.setAll(rows);
    movedNotice.set(movedNotice(st.moved()));
    movedByLastRun = !rows.isEmpty();
    ws.reservationBadges().clear();
    for (MovedRow r : rows) ws.reservationBadges().put(r.id(), MOVED_BADGE);
  }

  /** The badge of a moved reservation in the explorer and the Gantt lanes. */
  public static final String MOVED_BADGE = "moved";

  /** Whether the plan the last run published moved reservations (its notice then says which). */
  private boolean movedByLastRun;

  /**
   * How the last run ended, for its notification: the summary, followed by the {@link
   * #movedNoticeProperty() moved notice} when that run moved reservations.
   */
  public String outcome() {
    return movedByLastRun ? summary.get() + ". " + movedNotice.get() : summary.get();
  }

  /** How many moved notices name before "and N more". */
  static final int MOVES_NAMED = 5;

  /**
   * "2 reservations that had not started moved to make room: A (steps 2–6 → 16–20), C (steps 4–8 →
   * 9–13)." (at most {@value #MOVES_NAMED} named); empty when nothing moved.
   */
  static String movedNotice(List<PlanningRun.Moved> moves) {
    if (moves.isEmpty()) return "";
    List<String> each = new ArrayList<>();
    for (int i = 0; i < Math.min(MOVES_NAMED, moves.size()); i++)
      each.add(describeMove(moves.get(i)));
    if (moves.size() > MOVES_NAMED) each.add("and " + (moves.size() - MOVES_NAMED) + " more");
    return (moves.size() == 1
            ? "1 reservation that had not started moved"
            : moves.size() + " reservations that had not started moved")
        + " to make room: "
        + String.join(", ", each)
        + ".";
  }

  /** "A (steps 2–6 → 16–20)": a move, in the plan's steps as the feasibility check gives them. */
  public static String describeMove(PlanningRun.Moved m) {
    return m.id()
        + " ("
        + steps(m.before())
        + " → "
        + m.after().start()
        + "–"
        + m.after().end()
        + ")";
  }

  private static String steps(ReservationAllocation a) {
    return "steps " + a.start() + "–" + a.end();
  }

  /**
   * The reason as one sentence with the window, resource and policy limit when the planner named
   * them.
   */
  public static String describe(Rejection r) {
    StringBuilder sb =
        new StringBuilder(r.message() == null ? String.valueOf(r.code()) : r.message());
    List<String> extra = new ArrayList<>();
    if (r.path() != null && !r.path().isEmpty()) extra.add("sub-expression " + r.path());
    if (r.windowStart() != null && r.windowFinish() != null)
      extra.add("window [" + r.windowStart() + ", " + r.windowFinish() + ")");
    if (r.resource() != null) extra.add("resource " + r.resource());
    if (r.policyLimit() != null) extra.add("limit " + r.policyLimit());
    if (!extra.isEmpty()) sb.append(" (").append(String.join("; ", extra)).append(')');
    return sb.toString();
  }

  /** Asks the running job to stop; a planner that has a best result so far (MILP) returns it. */
  public void cancel() {
    if (current != null) {
      cancelRequested = true;
      current.cancel();
    }
  }

  public ObservableList<String> planners() {
    return planners;
  }

  public StringProperty plannerProperty() {
    return planner;
  }

  public StringProperty policyTextProperty() {
    return policyText;
  }

  public ReadOnlyStringProperty problemProperty() {
    return problem.getReadOnlyProperty();
  }

  public ReadOnlyObjectProperty<PlanState> stateProperty() {
    return state.getReadOnlyProperty();
  }

  public PlanState getState() {
    return state.get();
  }

  public ReadOnlyBooleanProperty runningProperty() {
    return running.getReadOnlyProperty();
  }

  /** The running job's latest progress message (MILP: incumbent, bound, gap); empty when idle. */
  public ReadOnlyStringProperty progressProperty() {
    return progress.getReadOnlyProperty();
  }

  /** Non-empty while the plan shown is a MILP plan below GREE-L (see {@link #warningFor}). */
  public ReadOnlyStringProperty warningProperty() {
    return warning.getReadOnlyProperty();
  }

  public ReadOnlyStringProperty summaryProperty() {
    return summary.getReadOnlyProperty();
  }

  public ObservableList<RejectedRow> rejected() {
    return FXCollections.unmodifiableObservableList(rejected);
  }

  /** The reservations the last run moved to make room; empty until a run moves one. */
  public ObservableList<MovedRow> moved() {
    return FXCollections.unmodifiableObservableList(moved);
  }

  /**
   * What the last run moved to make room, as one sentence (the Plan tab shows it under the summary
   * and the run's notification ends with it); empty when nothing moved.
   */
  public ReadOnlyStringProperty movedNoticeProperty() {
    return movedNotice.getReadOnlyProperty();
  }
}
