package io.rayon.model.rdl;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.rayon.model.resources.Resources;
import java.util.List;
import java.util.Objects;

/**
 * An expression of the Reservation Definition Language (Rayon paper §3.1). Time is in plan steps,
 * work in bundle-steps.
 *
 * <ul>
 *   <li>{@code atom(b,g,h,l,w)}: at every step the atom holds 0 bundles or a multiple of the gang
 *       {@code g} between {@code g} and {@code h}; every gang of {@code g} bundles, once granted,
 *       is held for at least {@code l} consecutive steps; the bundles over all steps sum to exactly
 *       {@code w}.
 *   <li>{@code any(e1..en)}: exactly one child is satisfied (the others get nothing).
 *   <li>{@code all(e1..en)}: every child is satisfied.
 *   <li>{@code order(e1..en)}: every child is satisfied and all allocations of e_i end before any
 *       allocation of e_{i+1} starts (strict precedence).
 *   <li>{@code window(e,s,f)}: every allocation of e lies in {@code [s,f)}.
 * </ul>
 *
 * The text form is produced by {@link RdlPrinter} and read by {@link RdlParser}; the JSON form is a
 * tree with a {@code type} field.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
  @JsonSubTypes.Type(value = Rdl.Atom.class, name = "atom"),
  @JsonSubTypes.Type(value = Rdl.Any.class, name = "any"),
  @JsonSubTypes.Type(value = Rdl.All.class, name = "all"),
  @JsonSubTypes.Type(value = Rdl.Order.class, name = "order"),
  @JsonSubTypes.Type(value = Rdl.Window.class, name = "window")
})
public sealed interface Rdl permits Rdl.Atom, Rdl.Any, Rdl.All, Rdl.Order, Rdl.Window {

  /** Deepest nesting the parser, the JSON reader and the compiler accept. */
  int MAX_DEPTH = 256;

  /** Most sub-expressions one any/all/order may have (the parser and the compiler refuse more). */
  int MAX_WIDTH = 1 << 20;

  /** Children of an operator; empty for an atom; the single child for a window. */
  List<Rdl> children();

  /**
   * Total work in bundle-steps that satisfying this expression takes (for {@code any}: the max).
   */
  long totalWork();

  record Atom(Resources bundle, int gang, int maxParallelism, long minLease, long work)
      implements Rdl {
    public Atom {
      Objects.requireNonNull(bundle, "bundle");
    }

    @Override
    public List<Rdl> children() {
      return List.of();
    }

    @Override
    public long totalWork() {
      return work;
    }

    /** True for a gang atom that is fully rigid: g = h and w = h * l. */
    public boolean isRigid() {
      return gang == maxParallelism && (long) maxParallelism * minLease == work;
    }

    @Override
    public String toString() {
      return RdlPrinter.print(this);
    }
  }

  record Any(List<Rdl> children) implements Rdl {
    public Any {
      children = List.copyOf(children);
    }

    @Override
    public long totalWork() {
      long m = 0;
      for (Rdl c : children) m = Math.max(m, c.totalWork());
      return m;
    }

    @Override
    public String toString() {
      return RdlPrinter.print(this);
    }
  }

  record All(List<Rdl> children) implements Rdl {
    public All {
      children = List.copyOf(children);
    }

    @Override
    public long totalWork() {
      long s = 0;
      for (Rdl c : children) s += c.totalWork();
      return s;
    }

    @Override
    public String toString() {
      return RdlPrinter.print(this);
    }
  }

  record Order(List<Rdl> children) implements Rdl {
    public Order {
      children = List.copyOf(children);
    }

    @Override
    public long totalWork() {
      long s = 0;
      for (Rdl c : children) s += c.totalWork();
      return s;
    }

    @Override
    public String toString() {
      return RdlPrinter.print(this);
    }
  }

  record Window(Rdl expr, long start, long finish) implements Rdl {
    public Window {
      Objects.requireNonNull(expr, "expr");
    }

    @Override
    public List<Rdl> children() {
      return List.of(expr);
    }

    @Override
    public long totalWork() {
      return expr.totalWork();
    }

    @Override
    public String toString() {
      return RdlPrinter.print(this);
    }
  }

  static Atom atom(Resources bundle, int g, int h, long l, long w) {
    return new Atom(bundle, g, h, l, w);
  }

  static Any any(Rdl... c) {
    return new Any(List.of(c));
  }

  static All all(Rdl... c) {
    return new All(List.of(c));
  }

  static Order order(Rdl... c) {
    return new Order(List.of(c));
  }

  static Window window(Rdl e, long s, long f) {
    return new Window(e, s, f);
  }

  /**
   * The sub-expression at a path: the path of the root is {@code ""}, of its i-th child {@code
   * "i"}, of that child's j-th child {@code "i.j"} (a window's expression is child 0).
   */
  static Rdl at(Rdl root, String path) {
    Rdl e = root;
    if (path.isEmpty()) return e;
    for (String p : path.split("\\.")) e = e.children().get(Integer.parseInt(p));
    return e;
  }

  /** Path of a child under its parent's path. */
  static String childPath(String parent, int i) {
    return parent.isEmpty() ? TopPaths.of(i) : parent + "." + i;
  }
}
