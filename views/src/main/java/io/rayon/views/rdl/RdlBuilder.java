package io.rayon.views.rdl;

import io.rayon.model.rdl.Rdl;
import io.rayon.model.rdl.RdlParseException;
import io.rayon.model.rdl.RdlParser;
import io.rayon.model.resources.Resources;
import io.rayon.views.command.Command;
import io.rayon.views.command.CommandStack;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyListProperty;
import javafx.beans.property.ReadOnlyListWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.scene.control.Control;
import javafx.scene.control.Skin;

/**
 * Visual editor of an RDL expression: a palette of atom, any, all, order and window blocks that are
 * dragged onto a canvas where they nest, and a text pane with the same expression in RDL syntax.
 *
 * <p><b>State.</b> {@link #rootProperty() root} is the (possibly incomplete, see {@link Block})
 * block tree, null when the canvas is empty; {@link #expressionProperty() expression} is the
 * corresponding {@link Rdl}, null while the tree is empty or incomplete. {@link
 * #selectedPathProperty() selectedPath} is the path of the selected block (null for none), settable
 * from outside.
 *
 * <p><b>Edits.</b> Every edit ({@link #insert}, {@link #move}, {@link #delete}, {@link #wrap},
 * {@link #unwrap}, {@link #setAtom}, {@link #setWindow}, {@link #replaceExpression}, {@link
 * #applyText}) is one command on {@link #getCommandStack()}; Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y
 * redo, Delete removes the selected block. {@link #load} replaces the tree without history (opening
 * a document).
 *
 * <p><b>Validation.</b> The app supplies {@link #validatorProperty() validator}, which is called on
 * the JavaFX thread with each new complete expression and must be quick (the RDL compiler's
 * checks); its problems and the builder's own structural ones (empty operators) are in {@link
 * #problemsProperty() problems}; the blocks concerned get the {@code :problem} pseudo-class and
 * show the reasons in a tooltip.
 *
 * <p><b>Dragging.</b> With {@link #systemDragAndDropProperty() systemDragAndDrop} on (the default
 * on desktops) blocks are dragged with JavaFX drag-and-drop, which also accepts RDL text dropped
 * from other applications; whether or not it is on, a plain press-drag-release gesture works as
 * well (what robots and headless tests drive). On the headless Monocle platform system
 * drag-and-drop is off by default, because Monocle 17's drag-and-drop fails inside the toolkit
 * ({@code dropTargetAssistant is null}).
 */
public class RdlBuilder extends Control {
  private final CommandStack commandStack;
  private final ReadOnlyObjectWrapper<Block> root = new ReadOnlyObjectWrapper<>(this, "root");
  private final ReadOnlyObjectWrapper<Rdl> expression =
      new ReadOnlyObjectWrapper<>(this, "expression");
  private final StringProperty selectedPath = new SimpleStringProperty(this, "selectedPath");
  private final ObjectProperty<Function<Rdl, List<BlockProblem>>> validator =
      new SimpleObjectProperty<>(this, "validator");
  private final ReadOnlyListWrapper<BlockProblem> problems =
      new ReadOnlyListWrapper<>(this, "problems", FXCollections.observableArrayList());
  private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
  private final LongProperty stepSeconds = new SimpleLongProperty(this, "stepSeconds", 60);
  private final BooleanProperty systemDragAndDrop =
      new SimpleBooleanProperty(this, "systemDragAndDrop", !isHeadlessPlatform());
  private final BooleanProperty textPaneVisible =
      new SimpleBooleanProperty(this, "textPaneVisible", true);

  public RdlBuilder() {
    this(new CommandStack());
  }

  /** A builder recording its edits on a shared stack (for example the document's). */
  public RdlBuilder(CommandStack stack) {
    this.commandStack = Objects.requireNonNull(stack, "stack");
    getStyleClass().add("rdl-builder");
    setFocusTraversable(true);
    validator.addListener((o, a, b) -> revalidate());
  }

  @Override
  protected Skin<?> createDefaultSkin() {
    return new RdlBuilderSkin(this);
  }

  @Override
  public String getUserAgentStylesheet() {
    return RdlBuilder.class.getResource("/io/rayon/views/views.css").toExternalForm();
  }

  // ---- properties ----

  /** True on the headless Monocle platform used by tests and screenshot runs. */
  static boolean isHeadlessPlatform() {
    return "Monocle".equalsIgnoreCase(System.getProperty("glass.platform"))
        || "Headless".equalsIgnoreCase(System.getProperty("monocle.platform"));
  }

  public CommandStack getCommandStack() {
    return commandStack;
  }

  public ReadOnlyObjectProperty<Block> rootProperty() {
    return root.getReadOnlyProperty();
  }

  public Block getRoot() {
    return root.get();
  }

  public ReadOnlyObjectProperty<Rdl> expressionProperty() {
    return expression.getReadOnlyProperty();
  }

  /** The expression, or null while the canvas is empty or some operator or window is empty. */
  public Rdl getExpression() {
    return expression.get();
  }

  public StringProperty selectedPathProperty() {
    return selectedPath;
  }

  public String getSelectedPath() {
    return selectedPath.get();
  }

  public void setSelectedPath(String p) {
    selectedPath.set(p);
  }

  /** The selected block, or null. */
  public Block getSelectedBlock() {
    String p = selectedPath.get();
    return p == null || root.get() == null ? null : root.get().at(p);
  }

  public ObjectProperty<Function<Rdl, List<BlockProblem>>> validatorProperty() {
    return validator;
  }

  public void setValidator(Function<Rdl, List<BlockProblem>> v) {
    validator.set(v);
  }

  public ReadOnlyListProperty<BlockProblem> problemsProperty() {
    return problems.getReadOnlyProperty();
  }

  /** Problems of the block at {@code path}. */
  public List<BlockProblem> problemsAt(String path) {
    List<BlockProblem> out = new ArrayList<>();
    for (BlockProblem p : problems) if (p.path().equals(path)) out.add(p);
    return out;
  }

  /** The last refused gesture or text error in words, "" when the last edit went through. */
  public ReadOnlyStringProperty messageProperty() {
    return message.getReadOnlyProperty();
  }

  public String getMessage() {
    return message.get();
  }

  /** Plan step length in seconds, used to show window bounds in time units. */
  public LongProperty stepSecondsProperty() {
    return stepSeconds;
  }

  public long getStepSeconds() {
    return stepSeconds.get();
  }

  public void setStepSeconds(long s) {
    stepSeconds.set(s);
  }

  public BooleanProperty systemDragAndDropProperty() {
    return systemDragAndDrop;
  }

  public boolean isSystemDragAndDrop() {
    return systemDragAndDrop.get();
  }

  public void setSystemDragAndDrop(boolean b) {
    systemDragAndDrop.set(b);
  }

  public BooleanProperty textPaneVisibleProperty() {
    return textPaneVisible;
  }

  // ---- edits ----

  /** Shows {@code e} (null for an empty canvas) without recording history; clears the history. */
  public void load(Rdl e) {
    setTree(e == null ? null : Block.fromRdl(e), null);
    commandStack.clear();
    message.set("");
  }

  /**
   * Inserts {@code block} as child {@code index} of the block at {@code parentPath}; one command.
   */
  public void insert(String parentPath, int index, Block block) {
    Block cur = root.get();
    Block next;
    if (cur == null) {
      if (!parentPath.isEmpty() || index != 0) {
        throw new IllegalArgumentException("the canvas is empty: insert at the root (\"\", 0)");
      }
      apply("Insert " + block.kind().keyword(), null, block, "");
      return;
    }
    next = cur.insert(parentPath, index, block);
    apply("Insert " + block.kind().keyword(), cur, next, Rdl.childPath(parentPath, index));
  }

  /**
   * Puts {@code block} on an empty canvas, or wraps the current root when {@code block} is an empty
   * operator.
   */
  public void dropOnCanvas(Block block) {
    Block cur = root.get();
    if (cur == null) {
      apply("Insert " + block.kind().keyword(), null, block, "");
    } else if (block.kind() != BlockKind.ATOM && block.children().isEmpty()) {
      apply("Wrap in " + block.kind().keyword(), cur, block.withChildren(List.of(cur)), "");
    } else {
      message.set(
          "Drop the "
              + block.kind().keyword()
              + " inside a block: the canvas already holds an expression");
    }
  }

  /**
   * Moves the block at {@code from} to become child {@code index} of the block at {@code toParent}
   * (paths as they are before the move). Returns the moved block's new path, or null when the move
   * is refused (into itself) or changes nothing.
   */
  public String move(String from, String toParent, int index) {
    Block cur = requireRoot();
    if (Block.isWithin(toParent, from)) {
      message.set("A block cannot be moved into itself");
      return null;
    }
    Block moving = cur.at(from);
    if (moving == null) throw new IllegalArgumentException("no block at path '" + from + "'");
    String fromParent = Block.parentOf(from);
    int fi = Block.lastIndexOf(from);
    String tp = toParent;
    int ti = index;
    if (tp.equals(fromParent)) {
      if (fi < ti) ti--;
      if (fi == ti) return null;
    } else if (Block.isWithin(tp, fromParent)) {
      String[] parts = tp.split("\\.");
      int depth = fromParent.isEmpty() ? 0 : fromParent.split("\\.").length;
      int comp = Integer.parseInt(parts[depth]);
      if (comp > fi) {
        parts[depth] = Integer.toString(comp - 1);
        tp = String.join(".", parts);
      }
    }
    Block next = cur.remove(from).insert(tp, ti, moving);
    String newPath = Rdl.childPath(tp, ti);
    apply("Move " + moving.kind().keyword(), cur, next, newPath);
    return newPath;
  }

  /** Removes the block at {@code path} (the whole canvas for ""). */
  public void delete(String path) {
    Block cur = requireRoot();
    Block b = cur.at(path);
    if (b == null) throw new IllegalArgumentException("no block at path '" + path + "'");
    String sel = path.isEmpty() ? null : Block.parentOf(path);
    apply("Delete " + b.kind().keyword(), cur, cur.remove(path), sel);
  }

  /** Puts the block at {@code path} inside a new operator or window of {@code kind}. */
  public void wrap(String path, BlockKind kind) {
    if (kind == BlockKind.ATOM) throw new IllegalArgumentException("cannot wrap in an atom");
    Block cur = requireRoot();
    Block b = cur.at(path);
    Block wrapper = Block.newFromPalette(kind).withChildren(List.of(b));
    apply("Wrap in " + kind.keyword(), cur, cur.replace(path, wrapper), path);
  }

  /**
   * Un-nests: replaces the operator or window at {@code path} by its children in its parent list
   * (or by its only child at the root or inside a window). Returns false, with a {@link
   * #messageProperty() message}, when that is not possible.
   */
  public boolean unwrap(String path) {
    Block cur = requireRoot();
    Block b = cur.at(path);
    if (b.kind() == BlockKind.ATOM) {
      message.set("An atom has nothing to un-nest");
      return false;
    }
    if (path.isEmpty() || cur.at(Block.parentOf(path)).kind() == BlockKind.WINDOW) {
      if (b.children().size() != 1) {
        message.set("Only a block with exactly one child can be un-nested here");
        return false;
      }
      apply("Un-nest " + b.kind().keyword(), cur, cur.replace(path, b.children().get(0)), path);
      return true;
    }
    String parentPath = Block.parentOf(path);
    Block parent = cur.at(parentPath);
    List<Block> cs = new ArrayList<>(parent.children());
    int i = Block.lastIndexOf(path);
    cs.remove(i);
    cs.addAll(i, b.children());
    String sel = b.children().isEmpty() ? parentPath : path;
    apply(
        "Un-nest " + b.kind().keyword(),
        cur,
        cur.replace(parentPath, parent.withChildren(cs)),
        sel);
    return true;
  }

  /**
   * Sets the parameters of the atom at {@code path}: bundle, gang g, max parallelism h, min lease
   * l, work w.
   */
  public void setAtom(String path, Resources bundle, int g, int h, long l, long w) {
    Block cur = requireRoot();
    Block b = cur.at(path);
    Block nb = b.withAtom(bundle, g, h, l, w);
    if (nb.equals(b)) return;
    apply("Set atom parameters", cur, cur.replace(path, nb), path);
  }

  /** Sets the bounds, in steps, of the window at {@code path}. */
  public void setWindow(String path, long start, long finish) {
    Block cur = requireRoot();
    Block b = cur.at(path);
    Block nb = b.withWindow(start, finish);
    if (nb.equals(b)) return;
    apply("Set window bounds", cur, cur.replace(path, nb), path);
  }

  /** Replaces the whole tree by {@code e} (null clears the canvas) as one undoable command. */
  public void replaceExpression(Rdl e, String description) {
    Block next = e == null ? null : Block.fromRdl(e);
    if (Objects.equals(next, root.get())) return;
    apply(description, root.get(), next, next == null ? null : "");
  }

  /**
   * Parses {@code text} and, when it is valid RDL, replaces the tree (one command). On a syntax
   * error the tree is kept and the error ("line:column: problem") is returned and put in {@link
   * #messageProperty() message}; returns null on success.
   */
  public RdlParseException applyText(String text) {
    try {
      Rdl e = RdlParser.parse(text, "text");
      replaceExpression(e, "Edit text");
      message.set("");
      return null;
    } catch (RdlParseException ex) {
      message.set(ex.line() + ":" + ex.column() + ": " + ex.problem());
      return ex;
    }
  }

  private Block requireRoot() {
    Block cur = root.get();
    if (cur == null) throw new IllegalStateException("the canvas is empty");
    return cur;
  }

  private void apply(String description, Block before, Block after, String selectAfter) {
    String selectBefore = selectedPath.get();
    commandStack.execute(
        new Command() {
          @Override
          public void execute() {
            setTree(after, selectAfter);
          }

          @Override
          public void undo() {
            setTree(before, selectBefore);
          }

          @Override
          public String description() {
            return description;
          }
        });
    message.set("");
  }

  private void setTree(Block tree, String select) {
    root.set(tree);
    expression.set(tree == null ? null : tree.toRdl());
    if (select != null && tree != null && tree.at(select) == null) select = null;
    selectedPath.set(tree == null ? null : select);
    revalidate();
  }

  /**
   * Recomputes {@link #problemsProperty() problems} (the app may call it when its rules change).
   */
  public void revalidate() {
    List<BlockProblem> ps = new ArrayList<>();
    Block tree = root.get();
    if (tree != null) {
      ps.addAll(tree.structuralProblems());
      Rdl e = expression.get();
      Function<Rdl, List<BlockProblem>> v = validator.get();
      if (e != null && v != null) {
        try {
          List<BlockProblem> found = v.apply(e);
          if (found != null) ps.addAll(found);
        } catch (RuntimeException ex) {
          ps.add(new BlockProblem("", "the expression could not be checked: " + ex.getMessage()));
        }
      }
    }
    problems.setAll(ps);
  }

  /** Message to show after a refused drop (for the skin). */
  void refuse(String why) {
    message.set(why);
  }
}
