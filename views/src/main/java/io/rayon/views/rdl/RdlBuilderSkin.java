package io.rayon.views.rdl;

import io.rayon.model.rdl.Rdl;
import io.rayon.model.rdl.RdlParseException;
import io.rayon.model.rdl.RdlParser;
import io.rayon.views.validation.FieldValidation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.InvalidationListener;
import javafx.collections.ListChangeListener;
import javafx.css.PseudoClass;
import javafx.event.EventHandler;
import javafx.geometry.Bounds;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SkinBase;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.Tooltip;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.DragEvent;
import javafx.scene.input.Dragboard;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * Skin of {@link RdlBuilder}: palette on the left, the block canvas in the middle (blocks are small
 * scene-graph nodes: expressions have tens of blocks, not thousands), the text pane below, and a
 * message line. Block nodes are rebuilt when the tree or its problems change; selection only
 * toggles pseudo-classes, so a gesture's source node survives the click that selects it.
 */
public class RdlBuilderSkin extends SkinBase<RdlBuilder> {
  static final PseudoClass SELECTED = PseudoClass.getPseudoClass("selected");
  static final PseudoClass PROBLEM = PseudoClass.getPseudoClass("problem");
  static final PseudoClass DROP_TARGET = PseudoClass.getPseudoClass("drop-target");
  static final PseudoClass ERROR = PseudoClass.getPseudoClass("error");
  private static final String PATH = "rdl.path";
  private static final String SLOT = "rdl.slot";
  private static final String PAYLOAD_PREFIX = "rayon-rdl-block:";

  /**
   * Where a drop lands: child {@code index} of {@code parentPath}, or the canvas when parentPath is
   * null.
   */
  record Spot(String parentPath, int index) {}

  /**
   * A press-drag-release in progress: from the palette ({@code kind}) or a block ({@code path}).
   */
  private static final class Gesture {
    final BlockKind kind;
    final String path;
    final double x0;
    final double y0;
    boolean moved;
    boolean done;

    Gesture(BlockKind kind, String path, double x0, double y0) {
      this.kind = kind;
      this.path = path;
      this.x0 = x0;
      this.y0 = y0;
    }

    String payload() {
      return PAYLOAD_PREFIX + (kind != null ? "palette:" + kind.name() : "move:" + path);
    }
  }

  private final FieldValidation textValidation = new FieldValidation();
  private final VBox palette = new VBox();
  private final VBox canvas = new VBox();
  private final ScrollPane canvasScroll = new ScrollPane(canvas);
  private final TextArea text = new TextArea();
  private final Label textStatus = new Label();
  private final Button apply = new Button("Apply");
  private final Label message = new Label();
  private final SplitPane split = new SplitPane();
  private final VBox textPane;
  private final BorderPane layout = new BorderPane();
  private final List<Node> targets = new ArrayList<>();
  private final Map<String, Node> blockNodes = new HashMap<>();
  private Node highlighted;
  private Gesture gesture;
  private boolean updatingText;

  private final InvalidationListener treeListener = o -> rebuild();
  private final ListChangeListener<BlockProblem> problemListener = c -> rebuild();
  private final InvalidationListener selectionListener = o -> updateSelection();
  private final InvalidationListener textVisibleListener = o -> updateTextPaneVisible();
  private final EventHandler<KeyEvent> keyHandler = this::onKey;

  public RdlBuilderSkin(RdlBuilder b) {
    super(b);
    palette.getStyleClass().add("rdl-palette");
    Label title = new Label("Blocks");
    title.getStyleClass().add("rdl-palette-title");
    palette.getChildren().add(title);
    for (BlockKind k : BlockKind.values()) palette.getChildren().add(paletteItem(k));

    canvas.getStyleClass().add("rdl-canvas");
    canvas.setId("rdl-canvas");
    canvasScroll.setFitToWidth(true);
    canvasScroll.setFitToHeight(true);
    canvasScroll.getStyleClass().add("rdl-canvas-scroll");
    canvas.setOnMousePressed(
        e -> {
          if (e.getButton() == MouseButton.PRIMARY) getSkinnable().setSelectedPath(null);
          getSkinnable().requestFocus();
        });

    text.setId("rdl-text");
    text.getStyleClass().add("rdl-text");
    text.setPrefRowCount(6);
    text.textProperty().addListener((o, a, s) -> onTextTyped(s));
    // ControlsFX ValidationSupport marks typed text that does not parse; the status line says where
    textValidation.check(
        text,
        typed -> {
          if (typed.isBlank() || typed.equals(treeText())) return null;
          try {
            RdlParser.parse(typed, "text");
            return null;
          } catch (RdlParseException ex) {
            return ex.line() + ":" + ex.column() + ": " + ex.problem();
          }
        });
    text.addEventHandler(
        KeyEvent.KEY_PRESSED,
        e -> {
          if (e.getCode() == KeyCode.ENTER && e.isShortcutDown()) {
            applyText();
            e.consume();
          }
        });
    text.focusedProperty()
        .addListener(
            (o, was, is) -> {
              if (!is && textDiffersFromTree()) applyText();
            });
    textStatus.setId("rdl-text-status");
    textStatus.getStyleClass().add("rdl-text-status");
    textStatus.setMaxWidth(Double.MAX_VALUE);
    HBox.setHgrow(textStatus, Priority.ALWAYS);
    apply.setId("rdl-text-apply");
    apply.setOnAction(e -> applyText());
    apply.setTooltip(new Tooltip("Replace the blocks by the text (Ctrl+Enter)"));
    HBox textBar = new HBox(8, textStatus, apply);
    textBar.getStyleClass().add("rdl-text-bar");
    textPane = new VBox(4, text, textBar);
    textPane.getStyleClass().add("rdl-text-pane");
    VBox.setVgrow(text, Priority.ALWAYS);

    split.setOrientation(Orientation.VERTICAL);
    split.getItems().add(canvasScroll);
    message.setId("rdl-message");
    message.getStyleClass().add("rdl-message");
    message.textProperty().bind(b.messageProperty());

    layout.setLeft(palette);
    layout.setCenter(split);
    layout.setBottom(message);
    getChildren().add(layout);

    // system drag and drop (also text dropped from other applications)
    canvasScroll.addEventHandler(DragEvent.DRAG_OVER, this::onDragOver);
    canvasScroll.addEventHandler(DragEvent.DRAG_DROPPED, this::onDragDropped);
    canvasScroll.addEventHandler(DragEvent.DRAG_EXITED, e -> highlight(null));

    b.addEventHandler(KeyEvent.KEY_PRESSED, keyHandler);
    b.rootProperty().addListener(treeListener);
    b.problemsProperty().addListener(problemListener);
    b.selectedPathProperty().addListener(selectionListener);
    b.textPaneVisibleProperty().addListener(textVisibleListener);
    updateTextPaneVisible();
    rebuild();
  }

  @Override
  public void dispose() {
    RdlBuilder b = getSkinnable();
    b.rootProperty().removeListener(treeListener);
    b.problemsProperty().removeListener(problemListener);
    b.selectedPathProperty().removeListener(selectionListener);
    b.textPaneVisibleProperty().removeListener(textVisibleListener);
    b.removeEventHandler(KeyEvent.KEY_PRESSED, keyHandler);
    message.textProperty().unbind();
    super.dispose();
  }

  private void updateTextPaneVisible() {
    boolean show = getSkinnable().textPaneVisibleProperty().get();
    if (show && !split.getItems().contains(textPane)) {
      split.getItems().add(textPane);
      split.setDividerPositions(0.65);
    } else if (!show) {
      split.getItems().remove(textPane);
    }
  }

  // ---- building the block nodes ----

  private Label paletteItem(BlockKind k) {
    Label l = new Label(k.keyword());
    l.setId("palette-" + k.keyword());
    l.getStyleClass().addAll("rdl-palette-item", "rdl-block-" + k.keyword());
    l.setMaxWidth(Double.MAX_VALUE);
    l.setTooltip(new Tooltip(paletteHelp(k)));
    installGesture(l, k, null);
    return l;
  }

  private static String paletteHelp(BlockKind k) {
    return switch (k) {
      case ATOM ->
          "atom(b,g,h,l,w): w bundle-steps of bundle b, in gangs of g, at most h at once, leases of at least l steps";
      case ANY -> "any(...): exactly one of the children is satisfied";
      case ALL -> "all(...): every child is satisfied";
      case ORDER -> "order(...): children one after another, each ending before the next starts";
      case WINDOW -> "window(e,s,f): e's allocations lie in [s,f)";
    };
  }

  private void rebuild() {
    targets.clear();
    blockNodes.clear();
    highlighted = null;
    canvas.getChildren().clear();
    targets.add(canvas);
    Block root = getSkinnable().getRoot();
    if (root == null) {
      Label empty = new Label("Drag a block from the palette here");
      empty.getStyleClass().add("rdl-canvas-placeholder");
      canvas.getChildren().add(empty);
    } else {
      canvas.getChildren().add(blockNode(root, ""));
    }
    updateSelection();
    syncText();
  }

  private Node blockNode(Block b, String path) {
    VBox box = new VBox();
    box.getStyleClass().addAll("rdl-block", "rdl-block-" + b.kind().keyword());
    box.setId("block-" + (path.isEmpty() ? "root" : path.replace('.', '-')));
    box.getProperties().put(PATH, path);
    box.setMaxWidth(Region.USE_PREF_SIZE);
    Label header = new Label(b.summary());
    header.getStyleClass().add("rdl-block-header");
    box.getChildren().add(header);
    if (b.kind() != BlockKind.ATOM) {
      VBox body = new VBox();
      body.getStyleClass().add("rdl-block-body");
      if (b.children().isEmpty()) {
        Label ph = new Label("drop a block here");
        ph.getStyleClass().addAll("rdl-slot", "rdl-placeholder");
        ph.setId("slot-" + (path.isEmpty() ? "root" : path.replace('.', '-')) + "-0");
        ph.getProperties().put(SLOT, new Spot(path, 0));
        targets.add(ph);
        body.getChildren().add(ph);
      } else if (b.kind() == BlockKind.WINDOW) {
        body.getChildren().add(blockNode(b.children().get(0), Rdl.childPath(path, 0)));
      } else {
        for (int i = 0; i <= b.children().size(); i++) {
          body.getChildren().add(slot(path, i));
          if (i < b.children().size()) {
            body.getChildren().add(blockNode(b.children().get(i), Rdl.childPath(path, i)));
          }
        }
      }
      box.getChildren().add(body);
    }
    List<BlockProblem> ps = getSkinnable().problemsAt(path);
    if (!ps.isEmpty()) {
      box.pseudoClassStateChanged(PROBLEM, true);
      StringBuilder sb = new StringBuilder();
      for (BlockProblem p : ps) sb.append(sb.length() == 0 ? "" : "\n").append(p.message());
      Tooltip t = new Tooltip(sb.toString());
      t.getStyleClass().add("rdl-problem-tooltip");
      Tooltip.install(header, t);
      box.getProperties().put("rdl.problemText", sb.toString());
    }
    installGesture(box, null, path);
    box.setOnContextMenuRequested(
        e -> {
          getSkinnable().setSelectedPath(path);
          contextMenu(path).show(box, e.getScreenX(), e.getScreenY());
          e.consume();
        });
    targets.add(box);
    blockNodes.put(path, box);
    return box;
  }

  private Region slot(String parentPath, int index) {
    Region r = new Region();
    r.getStyleClass().add("rdl-slot");
    r.setId("slot-" + (parentPath.isEmpty() ? "root" : parentPath.replace('.', '-')) + "-" + index);
    r.getProperties().put(SLOT, new Spot(parentPath, index));
    targets.add(r);
    return r;
  }

  private ContextMenu contextMenu(String path) {
    RdlBuilder b = getSkinnable();
    ContextMenu m = new ContextMenu();
    MenuItem del = new MenuItem("Delete");
    del.setOnAction(e -> b.delete(path));
    m.getItems().add(del);
    for (BlockKind k : BlockKind.values()) {
      if (k == BlockKind.ATOM) continue;
      MenuItem w = new MenuItem("Wrap in " + k.keyword());
      w.setOnAction(e -> b.wrap(path, k));
      m.getItems().add(w);
    }
    MenuItem un = new MenuItem("Un-nest");
    un.setOnAction(e -> b.unwrap(path));
    un.setDisable(b.getRoot().at(path).kind() == BlockKind.ATOM);
    m.getItems().add(un);
    return m;
  }

  private void updateSelection() {
    String sel = getSkinnable().getSelectedPath();
    blockNodes.forEach((p, n) -> n.pseudoClassStateChanged(SELECTED, p.equals(sel)));
  }

  // ---- gestures ----

  private void installGesture(Node n, BlockKind kind, String path) {
    n.addEventHandler(
        MouseEvent.MOUSE_PRESSED,
        e -> {
          if (e.getButton() != MouseButton.PRIMARY) return;
          gesture = new Gesture(kind, path, e.getSceneX(), e.getSceneY());
          if (path != null) getSkinnable().setSelectedPath(path);
          getSkinnable().requestFocus();
          e.consume();
        });
    n.addEventHandler(
        MouseEvent.DRAG_DETECTED,
        e -> {
          Gesture g = gesture;
          if (g == null || !getSkinnable().isSystemDragAndDrop()) return;
          Dragboard db =
              n.startDragAndDrop(
                  kind != null
                      ? TransferMode.COPY_OR_MOVE
                      : new TransferMode[] {TransferMode.MOVE});
          ClipboardContent c = new ClipboardContent();
          c.putString(g.payload());
          db.setContent(c);
          e.consume();
        });
    n.addEventHandler(
        MouseEvent.MOUSE_DRAGGED,
        e -> {
          Gesture g = gesture;
          if (g == null) return;
          if (Math.hypot(e.getSceneX() - g.x0, e.getSceneY() - g.y0) > 3) g.moved = true;
          if (g.moved) highlight(nodeAt(e.getSceneX(), e.getSceneY()));
          e.consume();
        });
    n.addEventHandler(
        MouseEvent.MOUSE_RELEASED,
        e -> {
          Gesture g = gesture;
          gesture = null;
          highlight(null);
          if (g == null || g.done || !g.moved) return;
          g.done = true;
          Node target = nodeAt(e.getSceneX(), e.getSceneY());
          if (target == null) {
            getSkinnable().refuse("Drop blocks on the canvas");
            return;
          }
          drop(g.kind, g.path, null, spotOf(target));
          e.consume();
        });
  }

  private void onDragOver(DragEvent e) {
    Dragboard db = e.getDragboard();
    if (!db.hasString()) return;
    Node t = nodeAt(e.getSceneX(), e.getSceneY());
    if (t != null) {
      e.acceptTransferModes(TransferMode.COPY_OR_MOVE);
      highlight(t);
    }
    e.consume();
  }

  private void onDragDropped(DragEvent e) {
    Dragboard db = e.getDragboard();
    Node t = nodeAt(e.getSceneX(), e.getSceneY());
    highlight(null);
    if (!db.hasString() || t == null) {
      e.setDropCompleted(false);
      return;
    }
    String s = db.getString();
    Gesture g = gesture;
    if (g != null) g.done = true;
    boolean ok;
    if (s.startsWith(PAYLOAD_PREFIX + "palette:")) {
      ok =
          drop(
              BlockKind.valueOf(s.substring((PAYLOAD_PREFIX + "palette:").length())),
              null,
              null,
              spotOf(t));
    } else if (s.startsWith(PAYLOAD_PREFIX + "move:")) {
      ok = drop(null, s.substring((PAYLOAD_PREFIX + "move:").length()), null, spotOf(t));
    } else {
      ok = drop(null, null, s, spotOf(t));
    }
    e.setDropCompleted(ok);
    e.consume();
  }

  /** The innermost drop target (slot, block, or the canvas) under a scene point. */
  Node nodeAt(double sceneX, double sceneY) {
    Node best = null;
    double bestArea = Double.MAX_VALUE;
    for (Node n : targets) {
      if (n.getScene() == null || !n.isVisible()) continue;
      Bounds bs = n.localToScene(n.getBoundsInLocal());
      if (!bs.contains(sceneX, sceneY)) continue;
      double area = bs.getWidth() * bs.getHeight();
      if (area < bestArea) {
        best = n;
        bestArea = area;
      }
    }
    if (best == null) {
      Bounds bs = canvasScroll.localToScene(canvasScroll.getBoundsInLocal());
      if (bs.contains(sceneX, sceneY)) best = canvas;
    }
    return best;
  }

  /** Where a drop on {@code n} lands. */
  Spot spotOf(Node n) {
    Object slot = n.getProperties().get(SLOT);
    if (slot instanceof Spot s) return s;
    Object p = n.getProperties().get(PATH);
    Block root = getSkinnable().getRoot();
    if (p instanceof String path && root != null) {
      Block b = root.at(path);
      if (b.kind().isList()) return new Spot(path, b.children().size());
      if (b.kind() == BlockKind.WINDOW && b.children().isEmpty()) return new Spot(path, 0);
      if (path.isEmpty()) return new Spot(null, 0);
      return new Spot(Block.parentOf(path), Block.lastIndexOf(path) + 1);
    }
    return new Spot(null, 0);
  }

  /** Performs a drop of a palette block, a moved block, or dropped RDL text. */
  private boolean drop(BlockKind kind, String fromPath, String rdlText, Spot spot) {
    RdlBuilder b = getSkinnable();
    Block root = b.getRoot();
    if (spot.parentPath() != null && root != null) {
      Block parent = root.at(spot.parentPath());
      boolean ownWindow =
          fromPath != null
              && spot.parentPath().equals(Block.parentOf(fromPath))
              && !fromPath.isEmpty();
      if (parent.kind() == BlockKind.WINDOW && !parent.children().isEmpty() && !ownWindow) {
        b.refuse(
            "This window already holds an expression: un-nest or delete it first, or drop into that expression");
        return false;
      }
    }
    Block block;
    if (kind != null) {
      block = Block.newFromPalette(kind);
    } else if (fromPath != null) {
      if (spot.parentPath() == null) {
        b.refuse("Drop the block between other blocks to move it");
        return false;
      }
      return b.move(fromPath, spot.parentPath(), spot.index()) != null;
    } else {
      try {
        block = Block.fromRdl(RdlParser.parse(rdlText, "dropped text"));
      } catch (RdlParseException ex) {
        b.refuse(
            "The dropped text is not RDL: " + ex.line() + ":" + ex.column() + ": " + ex.problem());
        return false;
      }
    }
    if (spot.parentPath() == null) {
      if (root != null && (kind == null || kind == BlockKind.ATOM)) {
        b.refuse(
            "Drop the "
                + block.kind().keyword()
                + " inside a block: the canvas already holds an expression");
        return false;
      }
      b.dropOnCanvas(block);
      return true;
    }
    b.insert(spot.parentPath(), spot.index(), block);
    return true;
  }

  private void highlight(Node n) {
    if (highlighted == n) return;
    if (highlighted != null) highlighted.pseudoClassStateChanged(DROP_TARGET, false);
    highlighted = n;
    if (n != null) n.pseudoClassStateChanged(DROP_TARGET, true);
  }

  private void onKey(KeyEvent e) {
    RdlBuilder b = getSkinnable();
    if (e.getTarget() instanceof TextInputControl) return;
    boolean sc = e.isShortcutDown();
    if (sc && e.getCode() == KeyCode.Z && !e.isShiftDown()) {
      b.getCommandStack().undo();
    } else if (sc && (e.getCode() == KeyCode.Y || (e.getCode() == KeyCode.Z && e.isShiftDown()))) {
      b.getCommandStack().redo();
    } else if ((e.getCode() == KeyCode.DELETE || e.getCode() == KeyCode.BACK_SPACE)
        && b.getSelectedPath() != null
        && b.getRoot() != null) {
      b.delete(b.getSelectedPath());
    } else {
      return;
    }
    e.consume();
  }

  // ---- text pane ----

  private String treeText() {
    Block root = getSkinnable().getRoot();
    return root == null ? "" : root.text();
  }

  private boolean textDiffersFromTree() {
    return !text.getText().equals(treeText());
  }

  private void syncText() {
    updatingText = true;
    try {
      text.setText(treeText());
    } finally {
      updatingText = false;
    }
    Block root = getSkinnable().getRoot();
    if (root != null && !root.isComplete()) {
      status("incomplete: fill the places marked ? (empty operators or windows)", false);
    } else {
      status("", false);
    }
  }

  private void onTextTyped(String s) {
    if (updatingText) return;
    try {
      RdlParser.parse(s, "text");
      status("valid RDL: Ctrl+Enter or Apply updates the blocks", false);
    } catch (RdlParseException ex) {
      status(ex.line() + ":" + ex.column() + ": " + ex.problem(), true);
    }
  }

  private void applyText() {
    if (!textDiffersFromTree()) return;
    RdlParseException ex = getSkinnable().applyText(text.getText());
    if (ex != null) status(ex.line() + ":" + ex.column() + ": " + ex.problem(), true);
  }

  /** The check on the text pane (for tests). */
  FieldValidation textValidation() {
    return textValidation;
  }

  private void status(String s, boolean error) {
    textStatus.setText(s);
    textStatus.pseudoClassStateChanged(ERROR, error);
  }
}
