package io.rayon.model.rdl;

import io.rayon.model.resources.Resources;
import java.util.List;

/**
 * Prints RDL in the paper's text syntax, canonically: no spaces, bundles as {@code <mem,vcores>}.
 */
public final class RdlPrinter {
  private RdlPrinter() {}

  public static String print(Rdl e) {
    StringBuilder sb = new StringBuilder();
    print(e, sb);
    return sb.toString();
  }

  public static void print(Rdl e, StringBuilder sb) {
    if (e instanceof Rdl.Atom a) {
      sb.append("atom(");
      bundle(a.bundle(), sb);
      sb.append(',').append(a.gang()).append(',').append(a.maxParallelism());
      sb.append(',').append(a.minLease()).append(',').append(a.work()).append(')');
    } else if (e instanceof Rdl.Any o) {
      list("any", o.children(), sb);
    } else if (e instanceof Rdl.All o) {
      list("all", o.children(), sb);
    } else if (e instanceof Rdl.Order o) {
      list("order", o.children(), sb);
    } else if (e instanceof Rdl.Window w) {
      sb.append("window(");
      print(w.expr(), sb);
      sb.append(',').append(w.start()).append(',').append(w.finish()).append(')');
    }
  }

  private static void list(String op, List<Rdl> cs, StringBuilder sb) {
    sb.append(op).append('(');
    for (int i = 0; i < cs.size(); i++) {
      if (i > 0) sb.append(',');
      print(cs.get(i), sb);
    }
    sb.append(')');
  }

  static void bundle(Resources r, StringBuilder sb) {
    sb.append(r.toString());
  }

  /** Indented multi-line form for display; parses back to the same expression. */
  public static String pretty(Rdl e) {
    StringBuilder sb = new StringBuilder();
    pretty(e, sb, 0);
    return sb.toString();
  }

  private static void pretty(Rdl e, StringBuilder sb, int indent) {
    String pad = "  ".repeat(indent);
    if (e instanceof Rdl.Atom a) {
      sb.append(pad).append(print(a));
    } else if (e instanceof Rdl.Window w) {
      sb.append(pad).append("window(\n");
      pretty(w.expr(), sb, indent + 1);
      sb.append(",\n").append(pad).append("  ").append(w.start()).append(", ").append(w.finish());
      sb.append(')');
    } else {
      String op = e instanceof Rdl.Any ? "any" : e instanceof Rdl.All ? "all" : "order";
      sb.append(pad).append(op).append("(\n");
      for (int i = 0; i < e.children().size(); i++) {
        if (i > 0) sb.append(",\n");
        pretty(e.children().get(i), sb, indent + 1);
      }
      sb.append(')');
    }
  }
}
