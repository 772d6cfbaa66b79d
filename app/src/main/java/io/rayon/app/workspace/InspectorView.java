package io.rayon.app.workspace;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.controlsfx.control.PropertySheet;
import org.controlsfx.property.editor.PropertyEditor;

/**
 * The inspector: ControlsFX's {@link PropertySheet} of the selection's properties and, for a
 * reservation, its RDL text read-only. The sheet's editors are ours, so one edit stays one undo
 * step: a text value commits on Enter or when the focus leaves (Escape puts the current value
 * back), a value from a list is a combo box that commits on choice, and read-only values are
 * labels. A refused value keeps the field marked {@code invalid} and the reason shows under the
 * sheet.
 */
public final class InspectorView extends VBox {
  private final InspectorViewModel vm;
  private final PropertySheet sheet = new PropertySheet();
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
    sheet.setId("props-sheet");
    sheet.setMode(PropertySheet.Mode.NAME);
    sheet.setModeSwitcherVisible(false);
    sheet.setSearchBoxVisible(false);
    sheet.setPropertyEditorFactory(item -> editor((EntryItem) item));
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
    VBox.setVgrow(sheet, Priority.SOMETIMES);
    VBox.setVgrow(rdl, Priority.ALWAYS);
    getChildren().addAll(heading, sheet, problem, rdlLabel, rdl);
    vm.entries().addListener((ListChangeListener<InspectorEntry>) c -> rebuild());
    rebuild();
  }

  /** The property sheet (for tests and for themes). */
  public PropertySheet sheet() {
    return sheet;
  }

  private void rebuild() {
    List<PropertySheet.Item> items = new ArrayList<>();
    for (InspectorEntry e : vm.entries()) items.add(new EntryItem(e));
    sheet.getItems().setAll(items);
  }

  static String nodeId(InspectorEntry e) {
    return "props-" + e.name().toLowerCase().replaceAll("[^a-z0-9]+", "-");
  }

  private static PropertyEditor<?> editor(EntryItem item) {
    InspectorEntry e = item.entry;
    if (!e.editable()) return new ReadOnlyEditor(e);
    if (!e.choices().isEmpty()) return new ChoiceEditor(e);
    return new TextEditor(e);
  }

  /** One inspector row as a sheet item; its value is text and it is editable when the row is. */
  static final class EntryItem implements PropertySheet.Item {
    final InspectorEntry entry;

    EntryItem(InspectorEntry entry) {
      this.entry = entry;
    }

    @Override
    public Class<?> getType() {
      return String.class;
    }

    @Override
    public String getCategory() {
      return "Properties";
    }

    @Override
    public String getName() {
      return entry.name();
    }

    /** The name's tooltip: the whole value, which a narrow inspector may cut. */
    @Override
    public String getDescription() {
      return entry.name() + ": " + entry.value();
    }

    @Override
    public Object getValue() {
      return entry.value();
    }

    @Override
    public void setValue(Object value) {
      if (entry.editable()) entry.commit().apply(String.valueOf(value));
    }

    @Override
    public Optional<ObservableValue<? extends Object>> getObservableValue() {
      return Optional.empty();
    }

    @Override
    public boolean isEditable() {
      return entry.editable();
    }
  }

  /**
   * A read-only value: a label (the sheet disables editors of read-only items; CSS keeps it
   * readable).
   */
  private static final class ReadOnlyEditor implements PropertyEditor<String> {
    private final Label label = new Label();

    ReadOnlyEditor(InspectorEntry e) {
      label.setId(nodeId(e));
      label.getStyleClass().add("read-only-value");
      label.setText(e.value());
      label.setTooltip(new Tooltip(e.value()));
    }

    @Override
    public Node getEditor() {
      return label;
    }

    @Override
    public String getValue() {
      return label.getText();
    }

    @Override
    public void setValue(String value) {
      label.setText(value);
    }
  }

  /** A value from a list: committed when chosen. */
  private static final class ChoiceEditor implements PropertyEditor<String> {
    private final ComboBox<String> box = new ComboBox<>();
    private boolean setting;

    ChoiceEditor(InspectorEntry e) {
      box.setId(nodeId(e));
      box.getItems().setAll(e.choices());
      box.setMaxWidth(Double.MAX_VALUE);
      box.setOnAction(
          ev -> {
            String v = box.getValue();
            if (!setting && v != null && !v.equals(e.value())) e.commit().apply(v);
          });
    }

    @Override
    public Node getEditor() {
      return box;
    }

    @Override
    public String getValue() {
      return box.getValue();
    }

    @Override
    public void setValue(String value) {
      setting = true;
      try {
        box.setValue(value);
      } finally {
        setting = false;
      }
    }
  }

  /**
   * Free text: committed on Enter or focus loss as one edit; Escape puts the current value back.
   */
  private static final class TextEditor implements PropertyEditor<String> {
    private final TextField field = new TextField();

    TextEditor(InspectorEntry e) {
      field.setId(nodeId(e));
      Runnable commit =
          () -> {
            if (!field.getText().equals(e.value())) {
              String p = e.commit().apply(field.getText());
              if (p != null && !field.getStyleClass().contains("invalid"))
                field.getStyleClass().add("invalid");
            }
          };
      field.setOnAction(ev -> commit.run());
      field
          .focusedProperty()
          .addListener(
              (o, was, now) -> {
                if (was && !now) commit.run();
              });
      field.setOnKeyPressed(
          ev -> {
            if (ev.getCode() == KeyCode.ESCAPE) {
              field.setText(e.value());
              field.getStyleClass().remove("invalid");
              ev.consume();
            }
          });
    }

    @Override
    public Node getEditor() {
      return field;
    }

    @Override
    public String getValue() {
      return field.getText();
    }

    @Override
    public void setValue(String value) {
      field.setText(value);
    }
  }
}
