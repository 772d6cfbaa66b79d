package io.rayon.app.reservations;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.plan.PlanViewModel;
import io.rayon.app.prefs.AppPreferences;
import io.rayon.app.prefs.InMemoryPreferencesStore;
import io.rayon.app.testing.ManualTaskExecutor;
import io.rayon.app.workspace.Selection;
import io.rayon.app.workspace.WorkspaceViewModel;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.resources.Resources;
import io.rayon.testsupport.Fixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ReservationsViewModelTest {
  WorkspaceViewModel ws;
  ManualTaskExecutor executor;
  ReservationsViewModel vm;

  @BeforeEach
  void setUp() {
    ws = new WorkspaceViewModel();
    ws.load(Fixtures.smallScenario(), null, false);
    executor = new ManualTaskExecutor();
    PlanViewModel plan =
        new PlanViewModel(ws, executor, new AppPreferences(new InMemoryPreferencesStore()));
    vm = new ReservationsViewModel(ws, executor, plan);
    ws.selectionProperty().set(Selection.reservation("r1"));
  }

  @Test
  void theNextEditCancelsTheRunningCheckAndItsLateAnswerIsDropped() {
    assertThat(executor.pending()).isEqualTo(1);
    assertThat(vm.feasibilityProperty().get().status()).isEqualTo(Feasibility.Status.CHECKING);
    var first = executor.peek(0);

    vm.expressionEdited(Rdl.window(Rdl.atom(Resources.of(1024, 1), 1, 4, 2, 16), 10, 30));
    assertThat(first.isCancelRequested()).isTrue();
    assertThat(executor.pending()).isEqualTo(2);

    executor.runNext(); // the stale check answers late: ignored
    assertThat(vm.feasibilityProperty().get().status()).isEqualTo(Feasibility.Status.CHECKING);
    executor.runNext();
    assertThat(vm.feasibilityProperty().get().status()).isEqualTo(Feasibility.Status.ACCEPTED);
    assertThat(vm.feasibilityProperty().get().ghost().start()).isGreaterThanOrEqualTo(10);
  }

  @Test
  void acceptedExpressionCarriesTheGhostAllocationInsideItsWindow() {
    vm.expressionEdited(Rdl.window(Rdl.atom(Resources.of(1024, 1), 1, 4, 2, 16), 10, 30));
    while (executor.pending() > 1) executor.runNext();
    executor.runNext();
    Feasibility f = vm.feasibilityProperty().get();
    assertThat(f.status()).isEqualTo(Feasibility.Status.ACCEPTED);
    assertThat(f.ghost().start()).isGreaterThanOrEqualTo(10);
    assertThat(f.ghost().end()).isLessThanOrEqualTo(30);
    assertThat(f.ghost().work()).isEqualTo(16);
    assertThat(ws.reservation("r1").orElseThrow().rdl())
        .isEqualTo(Rdl.window(Rdl.atom(Resources.of(1024, 1), 1, 4, 2, 16), 10, 30));
  }

  @Test
  void invalidExpressionIsReportedWithoutAskingThePlanner() {
    int before = executor.pending();
    vm.expressionEdited(Rdl.window(Rdl.atom(Resources.of(1024, 1), 3, 2, 1, 6), 0, 20));
    assertThat(executor.pending()).isEqualTo(before);
    assertThat(vm.feasibilityProperty().get().status()).isEqualTo(Feasibility.Status.INVALID);
    assertThat(vm.validate(ws.reservation("r1").orElseThrow().rdl())).isNotEmpty();
  }

  @Test
  void incompleteTreeSaysWhatIsMissing() {
    vm.expressionEdited(null);
    assertThat(vm.feasibilityProperty().get().status()).isEqualTo(Feasibility.Status.INCOMPLETE);
  }
}
