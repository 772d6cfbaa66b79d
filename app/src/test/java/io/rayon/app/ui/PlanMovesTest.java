package io.rayon.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.app.plan.PlanTab;
import io.rayon.app.plan.PlanViewModel;
import io.rayon.app.reservations.Feasibility;
import io.rayon.app.task.CurrentThreadTaskExecutor;
import io.rayon.app.testing.UiHarness;
import io.rayon.app.workspace.ExplorerNode;
import io.rayon.app.workspace.ExplorerView;
import io.rayon.app.workspace.Selection;
import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.planning.GreelPlusPlanner;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import io.rayon.testsupport.Fixtures;
import io.rayon.views.plan.PlanGanttView;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import javafx.scene.control.Label;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeCell;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A pending request that fits only when greel-plus's bounded repair moves a placed reservation: the
 * live check says so, placing it through the Plan tab's button says which reservation moved (the
 * tab's notice, the run's notification), and the moved one is marked in the "Moved to make room"
 * list, the explorer and the Gantt lanes until the next plan.
 */
@ExtendWith(ApplicationExtension.class)
class PlanMovesTest {
  Stage stage;

  @Start
  void start(Stage stage) {
    this.stage = stage;
  }

  // one node of 8 vcores. A (arrival 0): a gang of 8 for 4 steps in [2, 20), placed at [2, 6).
  // B (arrival 1): the same gang in [1, 6): it fits only when A moves.
  static final ReservationRequest A = request("A", "window(atom(<1024,1>,8,8,4,32),2,20)", 0);
  static final ReservationRequest B = request("B", "window(atom(<1024,1>,8,8,4,32),1,6)", 1);

  static ReservationRequest request(String id, String rdl, long arrival) {
    return new ReservationRequest(id, id, "alice", "default", Fixtures.rdl(rdl), 0, arrival);
  }

  static Scenario scenario(List<ReservationRequest> rs) {
    Cluster c = Cluster.of("c", NodeGroup.of("n", 1, Resources.of(8192, 8)));
    return new Scenario(
        Scenario.FORMAT_VERSION, "moves", null, 60, 20, c, null, null, null, rs, null, null);
  }

  @Test
  void placingAPendingRequestThatFitsByRepairSaysWhatMovedAndMarksIt(FxRobot robot) {
    AtomicReference<UiHarness> h = new AtomicReference<>();
    robot.interact(() -> h.set(new UiHarness(stage, new CurrentThreadTaskExecutor())));
    UiHarness ui = h.get();
    robot.interact(() -> ui.ws.load(scenario(List.of(A)), null, false));
    robot.clickOn("#tab-plan");
    assertThat(ui.bench.plan.plannerProperty().get()).isEqualTo(GreelPlusPlanner.NAME);
    robot.clickOn("#replan-all");
    WaitForAsyncUtils.waitForFxEvents();
    ReservationAllocation was = ui.bench.plan.getState().plan().allocationOf("A");
    assertThat(was.start()).isEqualTo(2);
    assertThat(ui.bench.plan.moved()).isEmpty();
    assertThat(robot.lookup("#plan-moved-box").query().isVisible()).isFalse();

    // B is added: pending. The live check says it fits only if A moves.
    robot.interact(() -> ui.ws.changeUntracked(s -> s.withReservations(List.of(A, B))));
    robot.interact(() -> ui.ws.selectionProperty().set(Selection.reservation("B")));
    WaitForAsyncUtils.waitForFxEvents();
    Feasibility f = ui.bench.reservations.feasibilityProperty().get();
    assertThat(f.status()).isEqualTo(Feasibility.Status.ACCEPTED);
    assertThat(f.message())
        .startsWith("greel-plus would accept it against the current plan: steps 1–5")
        .contains(", if 1 reservation that has not started moves: A (steps 2–6 → ");

    ui.dialogs.notices.clear();
    robot.clickOn("#place-pending");
    WaitForAsyncUtils.waitForFxEvents();
    var st = ui.bench.plan.getState();
    assertThat(st.decisions().get("B").accepted()).isTrue();
    assertThat(PlanValidator.validate(st.plan(), st.policy())).isEmpty();
    ReservationAllocation now = st.plan().allocationOf("A");
    assertThat(now).isNotEqualTo(was);
    String move = "A (steps 2–6 → " + now.start() + "–" + now.end() + ")";
    String notice = "1 reservation that had not started moved to make room: " + move + ".";

    // the tab's notice, and the run's notification after its summary
    Label label = robot.lookup("#plan-moved-notice").queryAs(Label.class);
    assertThat(label.getText()).isEqualTo(notice);
    assertThat(robot.lookup("#plan-moved-box").query().isVisible()).isTrue();
    assertThat(ui.dialogs.notices)
        .singleElement()
        .isEqualTo(
            "INFORMATION Planning finished: "
                + ui.bench.plan.summaryProperty().get()
                + ". "
                + notice);

    // the marked rows: the moved list, the explorer, the Gantt lanes
    @SuppressWarnings("unchecked")
    TableView<PlanViewModel.MovedRow> table = robot.lookup("#moved-table").queryAs(TableView.class);
    assertThat(table.isVisible()).isTrue();
    assertThat(table.getItems())
        .containsExactly(
            new PlanViewModel.MovedRow(
                "A", "A", "steps 2–6", "steps " + now.start() + "–" + now.end()));
    Set<String> markedRows =
        robot.lookup("#moved-table .table-row-cell").queryAllAs(TableRow.class).stream()
            .filter(r -> r.getPseudoClassStates().contains(PlanTab.MOVED))
            .map(r -> ((PlanViewModel.MovedRow) r.getItem()).id())
            .collect(Collectors.toSet());
    assertThat(markedRows).containsExactly("A");
    assertThat(explorerRows(robot, true)).containsExactly("A  [moved]");
    assertThat(explorerRows(robot, false)).contains("B").doesNotContain("A");
    PlanGanttView gantt = ui.bench.planTab.gantt();
    assertThat(gantt.badgeOf("A")).isEqualTo("moved");
    assertThat(gantt.badgeOf("B")).isNull();

    // until the next plan: a re-plan from the empty plan moves nothing that was placed before
    robot.clickOn("#replan-all");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(ui.bench.plan.moved()).isEmpty();
    assertThat(label.getText()).isEmpty();
    assertThat(robot.lookup("#plan-moved-box").query().isVisible()).isFalse();
    assertThat(explorerRows(robot, true)).isEmpty();
    assertThat(gantt.badgeOf("A")).isNull();
  }

  /** The texts of the explorer's reservation rows with ({@code badged}) or without the badge. */
  @SuppressWarnings("unchecked")
  static List<String> explorerRows(FxRobot robot, boolean badged) {
    return robot.lookup("#explorer-tree .tree-cell").queryAllAs(TreeCell.class).stream()
        .filter(c -> c.getItem() != null)
        .filter(
            c ->
                ((TreeCell<ExplorerNode>) c).getItem().selection() != null
                    && ((TreeCell<ExplorerNode>) c).getItem().selection().kind()
                        == Selection.Kind.RESERVATION)
        .filter(c -> c.getPseudoClassStates().contains(ExplorerView.BADGED) == badged)
        .map(c -> c.getText())
        .toList();
  }
}
