package io.rayon.views.rdl;

import io.rayon.model.resources.Resources;
import io.rayon.views.validation.FieldValidation;
import java.util.TreeMap;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.SkinBase;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;

/**
 * Skin of {@link BlockInspector}: a GridPane form rebuilt when the selected block changes. The
 * fields are checked as they are typed in by ControlsFX's ValidationSupport ({@link
 * FieldValidation}): a refused field is marked and its tooltip says why; Apply reports the first
 * problem under the form and changes nothing.
 */
public class BlockInspectorSkin extends SkinBase<BlockInspector> {

  private final VBox box = new VBox(8);
  private final Label title = new Label();
  private final GridPane grid = new GridPane();
  private final Label error = new Label();
  private final Button apply = new Button("Apply");
  private final TextField memory = field("inspector-memory");
  private final TextField vcores = field("inspector-vcores");
  private final TextField extras = field("inspector-extras");
  private final TextField gang = field("inspector-gang");
  private final TextField parallelism = field("inspector-parallelism");
  private final TextField lease = field("inspector-lease");
  private final TextField work = field("inspector-work");
  private final TextField start = field("inspector-start");
  private final TextField finish = field("inspector-finish");
  private final ComboBox<DisplayUnit> unit = new ComboBox<>();
  private final FieldValidation validation = new FieldValidation();
  private RdlBuilder observed;
  private final InvalidationListener refresh = o -> refresh();
  private final InvalidationListener builderChanged = this::onBuilderChanged;

  public BlockInspectorSkin(BlockInspector c) {
    super(c);
    box.getStyleClass().add("inspector-box");
    title.getStyleClass().add("inspector-title");
    title.setId("inspector-title");
    grid.getStyleClass().add("inspector-grid");
    grid.setHgap(6);
    grid.setVgap(4);
    error.setId("inspector-error");
    error.getStyleClass().add("inspector-error");
    error.setWrapText(true);
    apply.setId("inspector-apply");
    apply.setDefaultButton(false);
    apply.setOnAction(e -> applyFields());
    unit.setId("inspector-unit");
    unit.getItems().setAll(DisplayUnit.values());
    unit.valueProperty().bindBidirectional(c.unitProperty());
    unit.valueProperty().addListener(refresh);
    for (TextField t : new TextField[] {memory, vcores, gang, parallelism, lease, work}) {
      String what = whatOf(t);
      validation.check(
          t,
          text -> shown(t) ? wholeNumberProblem(what, text, t == gang || t == parallelism) : null);
    }
    validation.check(extras, text -> shown(extras) ? extrasProblem(text) : null);
    validation.check(start, text -> shown(start) ? numberProblem("window start", text) : null);
    validation.check(finish, text -> shown(finish) ? numberProblem("window finish", text) : null);
    box.getChildren().addAll(title, grid, error, apply);
    getChildren().add(box);
    c.builderProperty().addListener(builderChanged);
    onBuilderChanged(null);
  }

  private TextField field(String id) {
    TextField t = new TextField();
    t.setId(id);
    t.setPrefColumnCount(8);
    t.setOnAction(e -> applyFields());
    return t;
  }

  private void onBuilderChanged(Observable o) {
    if (observed != null) {
      observed.rootProperty().removeListener(refresh);
      observed.selectedPathProperty().removeListener(refresh);
      observed.stepSecondsProperty().removeListener(refresh);
    }
    observed = getSkinnable().getBuilder();
    if (observed != null) {
      observed.rootProperty().addListener(refresh);
      observed.selectedPathProperty().addListener(refresh);
      observed.stepSecondsProperty().addListener(refresh);
    }
    refresh();
  }

  @Override
  public void dispose() {
    getSkinnable().builderProperty().removeListener(builderChanged);
    unit.valueProperty().unbindBidirectional(getSkinnable().unitProperty());
    if (observed != null) {
      observed.rootProperty().removeListener(refresh);
      observed.selectedPathProperty().removeListener(refresh);
      observed.stepSecondsProperty().removeListener(refresh);
    }
    super.dispose();
  }

  private void refresh() {
    grid.getChildren().clear();
    error.setText("");
    Block b = observed == null ? null : observed.getSelectedBlock();
    apply.setVisible(b != null && (b.kind() == BlockKind.ATOM || b.kind() == BlockKind.WINDOW));
    if (b == null) {
      title.setText("Select a block to edit its parameters");
      validation.support().revalidate();
      return;
    }
    title.setText(
        b.kind().keyword()
            + " at "
            + (observed.getSelectedPath().isEmpty() ? "the root" : observed.getSelectedPath()));
    int r = 0;
    if (b.kind() == BlockKind.ATOM) {
      memory.setText(Long.toString(b.bundle().memoryMB()));
      vcores.setText(Long.toString(b.bundle().vcores()));
      StringBuilder ex = new StringBuilder();
      b.bundle()
          .extras()
          .forEach(
              (k, v) -> ex.append(ex.length() == 0 ? "" : ",").append(k).append('=').append(v));
      extras.setText(ex.toString());
      gang.setText(Integer.toString(b.gang()));
      parallelism.setText(Integer.toString(b.maxParallelism()));
      lease.setText(Long.toString(b.minLease()));
      work.setText(Long.toString(b.work()));
      row(r++, "Memory (MB)", memory);
      row(r++, "Vcores", vcores);
      row(r++, "Extras (gpu=2,…)", extras);
      row(r++, "Gang g", gang);
      row(r++, "Max parallelism h", parallelism);
      row(r++, "Min lease l (steps)", lease);
      row(r++, "Work w (bundle-steps)", work);
    } else if (b.kind() == BlockKind.WINDOW) {
      DisplayUnit u = getSkinnable().getUnit();
      long ss = observed.getStepSeconds();
      start.setText(DisplayUnit.format(u.fromSteps(b.start(), ss)));
      finish.setText(DisplayUnit.format(u.fromSteps(b.finish(), ss)));
      row(r++, "Unit (1 step = " + ss + " s)", unit);
      row(r++, "Start", start);
      row(r++, "Finish", finish);
    } else {
      grid.add(
          new Label(b.kind().keyword() + " has no parameters; drop blocks into it"), 0, r, 2, 1);
    }
    validation.support().revalidate();
  }

  /** Only the fields of the selected block's form are checked. */
  private boolean shown(TextField t) {
    return t.getParent() == grid;
  }

  private void row(int r, String label, Node n) {
    grid.add(new Label(label), 0, r);
    grid.add(n, 1, r);
  }

  private void applyFields() {
    if (observed == null) return;
    String path = observed.getSelectedPath();
    Block b = observed.getSelectedBlock();
    if (b == null) return;
    try {
      if (b.kind() == BlockKind.ATOM) {
        long mem = parseLong(memory, "memory");
        long vc = parseLong(vcores, "vcores");
        TreeMap<String, Long> ex = parseExtras();
        int g = (int) parseLong(gang, "gang g");
        int h = (int) parseLong(parallelism, "max parallelism h");
        long l = parseLong(lease, "min lease l");
        long w = parseLong(work, "work w");
        observed.setAtom(path, Resources.of(mem, vc, ex), g, h, l, w);
      } else if (b.kind() == BlockKind.WINDOW) {
        DisplayUnit u = getSkinnable().getUnit();
        long ss = observed.getStepSeconds();
        long s = steps(start, "start", u, ss);
        long f = steps(finish, "finish", u, ss);
        observed.setWindow(path, s, f);
      }
    } catch (IllegalArgumentException ex) {
      error.setText(ex.getMessage());
    }
  }

  /** The name a field's problems use. */
  private String whatOf(TextField t) {
    if (t == memory) return "memory";
    if (t == vcores) return "vcores";
    if (t == gang) return "gang g";
    if (t == parallelism) return "max parallelism h";
    if (t == lease) return "min lease l";
    return "work w";
  }

  /** Why {@code text} is not a whole number (an int when {@code intOnly}), or null. */
  static String wholeNumberProblem(String what, String text, boolean intOnly) {
    try {
      long v = Long.parseLong(text.trim());
      if (intOnly && (v > Integer.MAX_VALUE || v < Integer.MIN_VALUE))
        throw new NumberFormatException();
      return null;
    } catch (NumberFormatException e) {
      return what + ": '" + text + "' is not a whole number";
    }
  }

  /** Why {@code text} is not a number, or null. */
  static String numberProblem(String what, String text) {
    try {
      Double.parseDouble(text.trim());
      return null;
    } catch (NumberFormatException e) {
      return what + ": '" + text + "' is not a number";
    }
  }

  /** Why {@code text} is not a list of name=amount, or null. */
  static String extrasProblem(String text) {
    String s = text.trim();
    if (s.isEmpty()) return null;
    for (String part : s.split(",")) {
      String[] kv = part.split("=");
      try {
        if (kv.length != 2 || kv[0].isBlank()) throw new NumberFormatException();
        Long.parseLong(kv[1].trim());
      } catch (NumberFormatException e) {
        return "extras: '" + part.trim() + "' should read name=amount, such as gpu=2";
      }
    }
    return null;
  }

  private long steps(TextField t, String what, DisplayUnit u, long ss) {
    String p = numberProblem("window " + what, t.getText());
    if (p != null) throw new IllegalArgumentException(p);
    try {
      return u.toSteps(Double.parseDouble(t.getText().trim()), ss);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("window " + what + ": " + e.getMessage());
    }
  }

  private long parseLong(TextField t, String what) {
    String p =
        wholeNumberProblem(what, t.getText(), what.startsWith("gang") || what.startsWith("max"));
    if (p != null) throw new IllegalArgumentException(p);
    return Long.parseLong(t.getText().trim());
  }

  private TreeMap<String, Long> parseExtras() {
    String p = extrasProblem(extras.getText());
    if (p != null) throw new IllegalArgumentException(p);
    TreeMap<String, Long> m = new TreeMap<>();
    String s = extras.getText().trim();
    if (s.isEmpty()) return m;
    for (String part : s.split(",")) {
      String[] kv = part.split("=");
      m.put(kv[0].trim(), Long.parseLong(kv[1].trim()));
    }
    return m;
  }

  /** The checks on the fields (for tests). */
  FieldValidation validation() {
    return validation;
  }
}
