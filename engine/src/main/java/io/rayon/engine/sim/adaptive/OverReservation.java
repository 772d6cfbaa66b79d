package io.rayon.engine.sim.adaptive;

import io.rayon.model.rdl.Rdl;
import java.util.ArrayList;
import java.util.List;

/**
 * Over-reservation (Rayon §6.4.2): every atom of a request asks for {@code factor} more work than
 * the job needs ({@code 0.5}: +50%), rounded up to whole bundle-steps and to a multiple of the
 * atom's gang size (so the atom stays valid); windows, bundles, gangs, parallelism and leases are
 * unchanged.
 */
public final class OverReservation {
  private OverReservation() {}

  public static Rdl inflate(Rdl e, double factor) {
    if (!(factor >= 0))
      throw new IllegalArgumentException("over-reservation must be 0 or more, got " + factor);
    if (factor == 0) return e;
    if (e instanceof Rdl.Atom a) {
      long w = (long) Math.ceil(a.work() * (1 + factor) - 1e-9);
      int g = Math.max(1, a.gang());
      if (w % g != 0) w += g - w % g;
      return new Rdl.Atom(a.bundle(), a.gang(), a.maxParallelism(), a.minLease(), w);
    }
    if (e instanceof Rdl.Window wd)
      return new Rdl.Window(inflate(wd.expr(), factor), wd.start(), wd.finish());
    if (e instanceof Rdl.Any x) return new Rdl.Any(all(x.children(), factor));
    if (e instanceof Rdl.All x) return new Rdl.All(all(x.children(), factor));
    return new Rdl.Order(all(((Rdl.Order) e).children(), factor));
  }

  private static List<Rdl> all(List<Rdl> cs, double factor) {
    List<Rdl> out = new ArrayList<>(cs.size());
    for (Rdl c : cs) out.add(inflate(c, factor));
    return out;
  }
}
