package io.rayon.app.reservations;

import io.rayon.app.plan.PlanDataMapper;
import io.rayon.app.plan.PlanViewModel;
import io.rayon.app.workspace.AppCommand;
import io.rayon.app.workspace.ChartSource;
import io.rayon.app.workspace.WorkspaceTab;
import io.rayon.app.workspace.WorkspaceViewModel;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.views.command.CommandStack;
import io.rayon.views.plan.PlanSkylineView;
import io.rayon.views.rdl.BlockInspector;
import io.rayon.views.rdl.RdlBuilder;
import java.util.List;
import java.util.Objects;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.ToolBar;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;

/**
 * The Reservations tab: the reservation list commands, the RDL builder (palette, canvas, text pane)
 * editing the current reservation, the block inspector for the selected block, and the live
 * feasibility line with the ghost of the allocation on a plan view.
 */
public final class ReservationsTab implements WorkspaceTab {
  private final WorkspaceViewModel ws;
  private final ReservationsViewModel vm;
  private final Runnable placeCurrent;
  private final RdlBuilder builder = new RdlBuilder(new CommandStack());
  private final BlockInspector blockInspector = new BlockInspector(builder);
  private final Label feasibility = new Label();
  private final Label editing = new Label();
  private final BorderPane root = new BorderPane();
  private final VBox bottom = new VBox(4);
  private final PlanSkylineView ghostView = new PlanSkylineView();
  private boolean loading;

  public ReservationsTab(WorkspaceViewModel ws, ReservationsViewModel vm, PlanViewModel plan) {
    this.ws = ws;
    this.vm = vm;
    this.placeCurrent =
        () -> {
          ReservationRequest r = vm.currentProperty().get();
          if (r != null) plan.placeOne(r.id());
        };
    builder.setId("rdl-builder");
    builder.setValidator(vm::validate);
    builder
        .stepSecondsProperty()
        .bind(
            Bindings.createLongBinding(
                () -> Math.max(1, ws.getScenario().stepSeconds()), ws.scenarioProperty()));
    builder.disableProperty().bind(vm.currentProperty().isNull());
    builder
        .expressionProperty()
        .addListener(
            (o, a, b) -> {
              if (!loading) vm.expressionEdited(b);
            });
    builder
        .rootProperty()
        .addListener(
            (o, a, b) -> {
              if (!loading && b != null && builder.getExpression() == null)
                vm.expressionEdited(null);
            });
    vm.currentProperty().addListener((o, a, b) -> sync(a, b));
    sync(null, vm.currentProperty().get());

    feasibility.setId("feasibility");
    feasibility.setWrapText(true);
    vm.feasibilityProperty().addListener((o, a, b) -> showFeasibility(b));
    showFeasibility(vm.feasibilityProperty().get());

    editing.setId("editing-label");
    Button add = button("Add", "add-reservation", () -> vm.edits().add());
    Button dup =
        button(
            "Duplicate",
            "duplicate-reservation",
            () -> vm.edits().duplicate(vm.currentProperty().get().id()));
    Button del =
        button(
            "Remove",
            "remove-reservation",
            () -> vm.edits().remove(vm.currentProperty().get().id()));
    Button place = button("Place", "place-reservation", placeCurrent);
    dup.disableProperty().bind(vm.currentProperty().isNull());
    del.disableProperty().bind(vm.currentProperty().isNull());
    place.disableProperty().bind(vm.currentProperty().isNull());
    ToolBar bar = new ToolBar(add, dup, del, place, editing);

    SplitPane center = new SplitPane(builder, blockInspector);
    center.setOrientation(Orientation.HORIZONTAL);
    center.setDividerPositions(0.72);
    bottom.setPadding(new Insets(4, 8, 4, 8));
    bottom.setAlignment(Pos.CENTER_LEFT);
    ghostView.setId("ghost-skyline");
    ghostView.setPrefHeight(190);
    ghostView.setMinHeight(120);
    ghostView.rejectedPanelVisibleProperty().set(false);
    ghostView.setPlan(PlanDataMapper.of(plan.getState(), ws.getScenario()));
    plan.stateProperty()
        .addListener((o, a, b) -> ghostView.setPlan(PlanDataMapper.of(b, ws.getScenario())));
    ws.scenarioProperty()
        .addListener(
            (o, a, b) -> {
              if (plan.getState() == null) ghostView.setPlan(PlanDataMapper.empty(b));
            });
    ghostView
        .ghostProperty()
        .bind(
            Bindings.createObjectBinding(
                () -> vm.feasibilityProperty().get().ghost(), vm.feasibilityProperty()));
    vm.currentProperty()
        .addListener((o, a, b) -> ghostView.setSelectedReservation(b == null ? null : b.id()));
    bottom.getChildren().addAll(feasibility, ghostView);
    root.setTop(bar);
    root.setCenter(center);
    root.setBottom(bottom);
    root.setId("reservations-tab");
  }

  private static Button button(String text, String id, Runnable r) {
    Button b = new Button(text);
    b.setId(id);
    b.setOnAction(e -> r.run());
    return b;
  }

  /**
   * Loads the builder when another reservation becomes current, or when its expression changed
   * elsewhere (undo, open).
   */
  private void sync(ReservationRequest before, ReservationRequest now) {
    if (now == null) {
      load(null);
      editing.setText("Select or add a reservation to compose its expression.");
      return;
    }
    editing.setText(
        "Editing " + now.id() + (now.name().equals(now.id()) ? "" : " — " + now.name()));
    boolean other = before == null || !before.id().equals(now.id());
    if (other
        || !Objects.equals(builder.getExpression(), now.rdl()) && builder.getExpression() != null)
      load(now);
  }

  private void load(ReservationRequest r) {
    loading = true;
    try {
      builder.load(r == null ? null : r.rdl());
    } finally {
      loading = false;
    }
  }

  private void showFeasibility(Feasibility f) {
    feasibility.setText(f.message());
    feasibility
        .getStyleClass()
        .removeAll("feasibility-ok", "feasibility-no", "feasibility-pending");
    switch (f.status()) {
      case ACCEPTED -> feasibility.getStyleClass().add("feasibility-ok");
      case REJECTED, INVALID -> feasibility.getStyleClass().add("feasibility-no");
      default -> feasibility.getStyleClass().add("feasibility-pending");
    }
  }

  public RdlBuilder builder() {
    return builder;
  }

  /** The plan view under the feasibility line, with the ghost of the composed expression. */
  public PlanSkylineView ghostView() {
    return ghostView;
  }

  @Override
  public String id() {
    return "reservations";
  }

  @Override
  public String title() {
    return "Reservations";
  }

  @Override
  public Node content() {
    return root;
  }

  @Override
  public CommandStack activeCommandStack() {
    Node f = root.getScene() == null ? null : root.getScene().getFocusOwner();
    for (Node n = f; n != null; n = n.getParent()) {
      if (n == builder || n == blockInspector) return builder.getCommandStack();
    }
    return null;
  }

  @Override
  public List<ChartSource> charts() {
    return List.of(new ChartSource("Plan with ghost", ghostView));
  }

  @Override
  public List<AppCommand> commands() {
    return List.of(
        AppCommand.of("Plan", "Place _current reservation", "Shortcut+P", placeCurrent)
            .disabledWhen(vm.currentProperty().isNull()));
  }
}
