package io.rayon.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.prefs.AppPreferences;
import io.rayon.app.prefs.InMemoryPreferencesStore;
import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.workspace.ReservationEdits;
import io.rayon.app.workspace.Selection;
import io.rayon.app.workspace.WorkspaceViewModel;
import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.reservation.PlanningRun;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.resources.Resources;
import io.rayon.testsupport.Fixtures;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class PlanViewModelTest {
  WorkspaceViewModel ws;
  CurrentThreadTaskExecutor executor;
  PlanViewModel vm;
  ReservationEdits edits;

  @BeforeEach
  void setUp() {
    ws = new WorkspaceViewModel();
    ws.load(Fixtures.smallScenario(), null, false);
    executor = new CurrentThreadTaskExecutor();
    vm = new PlanViewModel(ws, executor, new AppPreferences(new InMemoryPreferencesStore()));
    edits = new ReservationEdits(ws);
  }

  @Test
  void replanAllPlacesEveryReservationThroughTheExecutorAndTheResultIsValid() {
    vm.plannerProperty().set("greel");
    vm.replanAll();
    PlanState st = vm.getState();
    assertThat(executor.executedCount()).isEqualTo(1);
    assertThat(st.planner()).isEqualTo("greel");
    assertThat(st.decisions()).containsOnlyKeys("r1", "r2");
    assertThat(st.plan().reservationIds()).containsExactlyInAnyOrder("r1", "r2");
    assertThat(PlanValidator.validate(st.plan(), st.policy())).isEmpty();
    assertThat(vm.runningProperty().get()).isFalse();
    assertThat(vm.summaryProperty().get()).startsWith("greel: 2 accepted, 0 rejected");
  }

  @Test
  void impossibleReservationIsListedWithWhyItWasRejected() {
    String id = edits.add();
    // 4 nodes of 8 vcores: a gang of 40 one-vcore bundles can never run at once
    edits.setRdl(id, Rdl.window(Rdl.atom(Resources.of(1024, 1), 40, 40, 2, 80), 0, 30));
    vm.replanAll();
    assertThat(vm.rejected())
        .singleElement()
        .satisfies(
            row -> {
              assertThat(row.id()).isEqualTo(id);
              assertThat(row.reason()).isNotBlank();
            });
    assertThat(vm.getState().statusOf(ws.reservation(id).orElseThrow()))
        .isEqualTo(PlanState.Status.REJECTED);
  }

  @Test
  void placingTheSelectedReservationKeepsTheOthersDecisions() {
    vm.replanAll();
    var before = vm.getState().plan().allocationOf("r1");
    String id = edits.add();
    assertThat(vm.getState().statusOf(ws.reservation(id).orElseThrow()))
        .isEqualTo(PlanState.Status.PENDING);
    ws.selectionProperty().set(Selection.reservation(id));
    vm.placeSelected();
    assertThat(vm.getState().plan().allocationOf("r1")).isEqualTo(before);
    assertThat(vm.getState().statusOf(ws.reservation(id).orElseThrow()))
        .isEqualTo(PlanState.Status.ACCEPTED);
  }

  @Test
  void changedExpressionMakesAReservationPendingAndPlacePendingReplacesIt() {
    vm.replanAll();
    edits.setRdl("r1", Rdl.window(Rdl.atom(Resources.of(1024, 1), 1, 2, 1, 6), 10, 20));
    assertThat(vm.getState().statusOf(ws.reservation("r1").orElseThrow()))
        .isEqualTo(PlanState.Status.PENDING);
    vm.placePending();
    assertThat(vm.getState().plan().allocationOf("r1").start()).isGreaterThanOrEqualTo(10);
    assertThat(PlanValidator.validate(vm.getState().plan(), vm.getState().policy())).isEmpty();
  }

  @Test
  void malformedPolicyIsRefusedWithAReasonAndNothingRuns() {
    vm.policyTextProperty().set("instantaneous:2");
    assertThat(vm.problemProperty().get()).contains("fraction");
    vm.replanAll();
    assertThat(executor.executedCount()).isZero();
    assertThat(vm.getState()).isNull();
  }

  @Test
  void openingAnotherDocumentDropsThePlan() {
    vm.replanAll();
    ws.load(Fixtures.smallScenario().withName("other"), Path.of("other.json"), false);
    assertThat(vm.getState()).isNull();
  }

  @Test
  void plannerOptionsComeFromTheRegistryAndBadValuesAreShownAsTheProblem() {
    vm.plannerProperty().set("gree");
    assertThat(vm.plannerOptions())
        .extracting(OptionSpec::name)
        .containsExactly("atom-scan", "any-order");
    var scan = vm.plannerOptions().get(0);
    assertThat(vm.optionProperty("gree", scan).get()).isEqualTo("paper");
    vm.optionProperty("gree", scan).set("late");
    assertThat(vm.problemProperty().get()).contains("atom-scan=late").contains("paper, stacked");
    vm.optionProperty("gree", scan).set("stacked");
    assertThat(vm.problemProperty().get()).isEmpty();
    vm.replanAll();
    assertThat(vm.getState().decisions()).containsOnlyKeys("r1", "r2");
    // the MILP's time limit does not leak into GREE's options
    vm.timeLimitProperty().set("5s");
    assertThat(vm.problemProperty().get()).isEmpty();
  }

  @Test
  void theMovedNoticeNamesUpToFiveMovesAndCountsTheRest() {
    assertThat(PlanViewModel.movedNotice(List.of())).isEmpty();
    PlanningRun.Moved a = move("A", 2, 6, 16, 20);
    assertThat(PlanViewModel.movedNotice(List.of(a)))
        .isEqualTo("1 reservation that had not started moved to make room: A (steps 2–6 → 16–20).");
    List<PlanningRun.Moved> seven = new ArrayList<>();
    for (int i = 0; i < 7; i++) seven.add(move("r" + i, i, i + 1, i + 2, i + 3));
    assertThat(PlanViewModel.movedNotice(seven))
        .startsWith(
            "7 reservations that had not started moved to make room: r0 (steps 0–1 → 2–3), ")
        .contains("r4 (steps 4–5 → 6–7)")
        .doesNotContain("r5")
        .endsWith(", and 2 more.");
  }

  private static PlanningRun.Moved move(String id, long s0, long e0, long s1, long e1) {
    Resources b = Resources.of(1024, 1);
    return new PlanningRun.Moved(
        id,
        new ReservationAllocation(
            id, List.of(new AtomAllocation("", b, List.of(new Step(s0, e0, 1))))),
        new ReservationAllocation(
            id, List.of(new AtomAllocation("", b, List.of(new Step(s1, e1, 1))))));
  }
}
