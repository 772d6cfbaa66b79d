package io.rayon.app.workspace;

import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The inspector: a two-column form of the selection's properties (editable ones commit on Enter or
 * when focus leaves, so one edit is one undo step) and, for a reservation, its RDL text read-only.
 */
public final class InspectorView extends VBox {
  private final InspectorViewModel vm;
  private final GridPane grid = new GridPane();
  private final TextArea rdl = new TextArea();
  private final Label rdlLabel = new Label("RDL");
  private final Label problem = new Label();

  public InspectorView(InspectorViewModel vm) {
    this.vm = vm;
    getStyleClass().add("inspector");
    setSpacing(6);
    setPadding(new Insets(6));
    Label heading = new Label();
    heading.getStyleClass().add("inspector-heading");
    heading.textProperty().bind(vm.headingProperty());
    grid.setHgap(6);
    grid.setVgap(4);
    ColumnConstraints c0 = new ColumnConstraints();
    ColumnConstraints c1 = new ColumnConstraints();
    c1.setHgrow(Priority.ALWAYS);
    grid.getColumnConstraints().setAll(c0, c1);
    problem.getStyleClass().add("validation-problem");
    problem.setId("props-problem");
    problem.setWrapText(true);
    problem.textProperty().bind(vm.problemProperty());
    problem.visibleProperty().bind(vm.problemProperty().isNotEmpty());
    problem.managedProperty().bind(problem.visibleProperty());
    rdl.setId("props-rdl");
    rdl.setEditable(false);
    rdl.setWrapText(false);
    rdl.getStyleClass().add("rdl-text");
    rdl.setPrefRowCount(8);
    rdl.textProperty().bind(vm.rdlTextProperty());
    rdl.visibleProperty().bind(vm.rdlTextProperty().isNotEmpty());
    rdl.managedProperty().bind(rdl.visibleProperty());
    rdlLabel.visibleProperty().bind(rdl.visibleProperty());
    rdlLabel.managedProperty().bind(rdl.visibleProperty());
    ScrollPane scroll = new ScrollPane(grid);
    scroll.setFitToWidth(true);
    VBox.setVgrow(rdl, Priority.ALWAYS);
    getChildren().addAll(heading, scroll, problem, rdlLabel, rdl);
    vm.entries().addListener((ListChangeListener<InspectorEntry>) c -> rebuild());
    rebuild();
  }

  private void rebuild() {
    grid.getChildren().clear();
    int row = 0;
    for (InspectorEntry e : vm.entries()) {
      Label name = new Label(e.name());
      grid.add(name, 0, row);
      grid.add(editor(e), 1, row);
      row++;
    }
  }

  private javafx.scene.Node editor(InspectorEntry e) {
    String id = "props-" + e.name().toLowerCase().replaceAll("[^a-z0-9]+", "-");
    if (!e.editable()) {
      Label v = new Label(e.value());
      v.setId(id);
      v.setTooltip(new Tooltip(e.value()));
      return v;
    }
    if (!e.choices().isEmpty()) {
      ComboBox<String> box = new ComboBox<>();
      box.setId(id);
      box.getItems().setAll(e.choices());
      box.setValue(e.value());
      box.setMaxWidth(Double.MAX_VALUE);
      box.setOnAction(
          ev -> {
            String v = box.getValue();
            if (v != null && !v.equals(e.value())) e.commit().apply(v);
          });
      return box;
    }
    TextField f = new TextField(e.value());
    f.setId(id);
    Runnable commit =
        () -> {
          if (!f.getText().equals(e.value())) {
            String p = e.commit().apply(f.getText());
            if (p != null) f.getStyleClass().add("invalid");
          }
        };
    f.setOnAction(ev -> commit.run());
    f.focusedProperty().addListener((o, was, now) -> {
      if (was && !now) commit.run();
    });
    f.setOnKeyPressed(
        ev -> {
          if (ev.getCode() == KeyCode.ESCAPE) {
            f.setText(e.value());
            f.getStyleClass().remove("invalid");
          }
        });
    return f;
  }
}
