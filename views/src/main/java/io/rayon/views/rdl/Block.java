package io.rayon.views.rdl;

import io.rayon.model.rdl.Rdl;
import io.rayon.model.rdl.RdlPrinter;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One block of the RDL builder: an immutable tree that, unlike {@link Rdl}, may be
 * <em>incomplete</em>. An incomplete tree has an operator ({@code any}, {@code all}, {@code order})
 * without children or a {@code window} without its expression; such empty places are shown as drop
 * placeholders, reported as {@link BlockProblem}s, printed as {@code ?} in the text pane, and make
 * {@link #toRdl()} return {@code null}. Paths follow {@link Rdl#at}.
 *
 * <p>Parameters that do not belong to a kind are zero: an atom uses {@code bundle, gang,
 * maxParallelism, minLease, work}; a window uses {@code start, finish}; operators use none.
 */
public record Block(
    BlockKind kind,
    Resources bundle,
    int gang,
    int maxParallelism,
    long minLease,
    long work,
    long start,
    long finish,
    List<Block> children) {

  public Block {
    Objects.requireNonNull(kind, "kind");
    children = List.copyOf(children == null ? List.of() : children);
    if (kind == BlockKind.ATOM) {
      Objects.requireNonNull(bundle, "bundle");
      if (!children.isEmpty()) throw new IllegalArgumentException("an atom has no children");
    } else {
      bundle = null;
    }
    if (kind == BlockKind.WINDOW && children.size() > 1) {
      throw new IllegalArgumentException("a window holds one expression, not " + children.size());
    }
  }

  public static Block atom(Resources bundle, int g, int h, long l, long w) {
    return new Block(BlockKind.ATOM, bundle, g, h, l, w, 0, 0, List.of());
  }

  public static Block operator(BlockKind kind, List<Block> children) {
    if (!kind.isList()) throw new IllegalArgumentException(kind + " is not a list operator");
    return new Block(kind, null, 0, 0, 0, 0, 0, 0, children);
  }

  /** A window around {@code child}, which may be null for an empty window. */
  public static Block window(Block child, long start, long finish) {
    return new Block(
        BlockKind.WINDOW,
        null,
        0,
        0,
        0,
        0,
        start,
        finish,
        child == null ? List.of() : List.of(child));
  }

  /**
   * The block a palette entry creates: an atom of one <1024,1> bundle-step, or an empty operator.
   */
  public static Block newFromPalette(BlockKind kind) {
    return switch (kind) {
      case ATOM -> atom(Resources.of(1024, 1), 1, 1, 1, 1);
      case WINDOW -> window(null, 0, 60);
      default -> operator(kind, List.of());
    };
  }

  /** The block tree of a complete expression. */
  public static Block fromRdl(Rdl e) {
    if (e instanceof Rdl.Atom a) {
      return atom(a.bundle(), a.gang(), a.maxParallelism(), a.minLease(), a.work());
    }
    if (e instanceof Rdl.Window w) return window(fromRdl(w.expr()), w.start(), w.finish());
    List<Block> cs = new ArrayList<>();
    for (Rdl c : e.children()) cs.add(fromRdl(c));
    BlockKind k =
        e instanceof Rdl.Any
            ? BlockKind.ANY
            : e instanceof Rdl.All ? BlockKind.ALL : BlockKind.ORDER;
    return operator(k, cs);
  }

  /** The expression, or null while some operator or window of the tree is empty. */
  public Rdl toRdl() {
    switch (kind) {
      case ATOM:
        return new Rdl.Atom(bundle, gang, maxParallelism, minLease, work);
      case WINDOW:
        {
          if (children.isEmpty()) return null;
          Rdl c = children.get(0).toRdl();
          return c == null ? null : new Rdl.Window(c, start, finish);
        }
      default:
        {
          if (children.isEmpty()) return null;
          List<Rdl> cs = new ArrayList<>(children.size());
          for (Block b : children) {
            Rdl c = b.toRdl();
            if (c == null) return null;
            cs.add(c);
          }
          return switch (kind) {
            case ANY -> new Rdl.Any(cs);
            case ALL -> new Rdl.All(cs);
            default -> new Rdl.Order(cs);
          };
        }
    }
  }

  public boolean isComplete() {
    return toRdl() != null;
  }

  /** Structural problems: every empty operator or window, with its path. */
  public List<BlockProblem> structuralProblems() {
    List<BlockProblem> out = new ArrayList<>();
    collectProblems("", out);
    return out;
  }

  private void collectProblems(String path, List<BlockProblem> out) {
    if (kind != BlockKind.ATOM && children.isEmpty()) {
      out.add(
          new BlockProblem(
              path,
              kind == BlockKind.WINDOW
                  ? "this window is empty: drop the expression it constrains into it"
                  : kind.keyword() + " needs at least one child: drop a block into it"));
    }
    for (int i = 0; i < children.size(); i++) {
      children.get(i).collectProblems(Rdl.childPath(path, i), out);
    }
  }

  // ---- tree edits (all return new trees) ----

  /** The block at {@code path}, or null when there is none. */
  public Block at(String path) {
    Block b = this;
    if (path.isEmpty()) return b;
    for (String p : path.split("\\.")) {
      int i = Integer.parseInt(p);
      if (i < 0 || i >= b.children.size()) return null;
      b = b.children.get(i);
    }
    return b;
  }

  public Block withChildren(List<Block> cs) {
    return new Block(kind, bundle, gang, maxParallelism, minLease, work, start, finish, cs);
  }

  public Block withAtom(Resources b, int g, int h, long l, long w) {
    if (kind != BlockKind.ATOM)
      throw new IllegalArgumentException("not an atom: " + kind.keyword());
    return atom(b, g, h, l, w);
  }

  public Block withWindow(long s, long f) {
    if (kind != BlockKind.WINDOW)
      throw new IllegalArgumentException("not a window: " + kind.keyword());
    return new Block(kind, null, 0, 0, 0, 0, s, f, children);
  }

  /** This tree with the block at {@code path} replaced by {@code replacement}. */
  public Block replace(String path, Block replacement) {
    if (path.isEmpty()) return replacement;
    int dot = path.indexOf('.');
    int i = Integer.parseInt(dot < 0 ? path : path.substring(0, dot));
    List<Block> cs = new ArrayList<>(children);
    cs.set(i, dot < 0 ? replacement : cs.get(i).replace(path.substring(dot + 1), replacement));
    return withChildren(cs);
  }

  /**
   * This tree with {@code child} inserted as child {@code index} of the block at {@code
   * parentPath}.
   */
  public Block insert(String parentPath, int index, Block child) {
    Block parent = at(parentPath);
    if (parent == null) throw new IllegalArgumentException("no block at path '" + parentPath + "'");
    if (parent.kind == BlockKind.ATOM) {
      throw new IllegalArgumentException("an atom cannot hold other blocks");
    }
    if (parent.kind == BlockKind.WINDOW && !parent.children.isEmpty()) {
      throw new IllegalArgumentException("this window already holds an expression");
    }
    if (index < 0 || index > parent.children.size()) {
      throw new IllegalArgumentException(
          "index " + index + " outside 0.." + parent.children.size());
    }
    List<Block> cs = new ArrayList<>(parent.children);
    cs.add(index, child);
    return replace(parentPath, parent.withChildren(cs));
  }

  /** This tree without the block at {@code path}; null when the root itself is removed. */
  public Block remove(String path) {
    if (path.isEmpty()) return null;
    String parentPath = parentOf(path);
    Block parent = at(parentPath);
    List<Block> cs = new ArrayList<>(parent.children);
    cs.remove(lastIndexOf(path));
    return replace(parentPath, parent.withChildren(cs));
  }

  /** Path of the parent of a non-root path. */
  public static String parentOf(String path) {
    int dot = path.lastIndexOf('.');
    return dot < 0 ? "" : path.substring(0, dot);
  }

  /** Index of a non-root path within its parent. */
  public static int lastIndexOf(String path) {
    return Integer.parseInt(path.substring(path.lastIndexOf('.') + 1));
  }

  /** True when {@code path} is {@code ancestor} or lies below it. */
  public static boolean isWithin(String path, String ancestor) {
    return ancestor.isEmpty() || path.equals(ancestor) || path.startsWith(ancestor + ".");
  }

  /** One-line summary for block headers, such as {@code atom <1024,1> g=1 h=4 l=10 w=40}. */
  public String summary() {
    return switch (kind) {
      case ATOM ->
          "atom "
              + bundle
              + " g="
              + gang
              + " h="
              + maxParallelism
              + " l="
              + minLease
              + " w="
              + work;
      case WINDOW -> "window [" + start + ", " + finish + ")";
      default -> kind.keyword();
    };
  }

  // ---- text ----

  /**
   * RDL text of the tree: {@link RdlPrinter#pretty} when complete; for an incomplete tree the same
   * layout with {@code ?} where a child is missing (which the parser rejects, so an incomplete tree
   * is never mistaken for a finished expression).
   */
  public String text() {
    Rdl e = toRdl();
    if (e != null) return RdlPrinter.pretty(e);
    StringBuilder sb = new StringBuilder();
    pretty(sb, 0);
    return sb.toString();
  }

  private void pretty(StringBuilder sb, int indent) {
    String pad = "  ".repeat(indent);
    if (kind == BlockKind.ATOM) {
      sb.append(pad).append(RdlPrinter.print(toRdl()));
      return;
    }
    sb.append(pad).append(kind.keyword()).append("(\n");
    if (children.isEmpty()) sb.append(pad).append("  ?");
    for (int i = 0; i < children.size(); i++) {
      if (i > 0) sb.append(",\n");
      children.get(i).pretty(sb, indent + 1);
    }
    if (kind == BlockKind.WINDOW)
      sb.append(",\n").append(pad).append("  ").append(start).append(", ").append(finish);
    sb.append(')');
  }
}
