package io.rayon.engine.rdl;

import io.rayon.engine.rdl.RdlProblem.Code;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.resources.Resources;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The RDL compiler (Rayon paper §3.1, "Compiling RDL"): validation, single-expression infeasibility
 * detection, total work, minimal duration, normalization by semantics-preserving rewrites, and the
 * rewrite of non-rigid gang atoms into fully rigid ones used by the MILP (§4.1). All methods are
 * pure functions of their arguments.
 *
 * <h2>Validation</h2>
 *
 * An atom {@code atom(b,g,h,l,w)} needs g >= 1, g <= h, l >= 1, w >= 0, w a multiple of g (every
 * step holds whole gangs), and w/g >= l when w > 0 (at least one gang held for its lease); its
 * bundle must be non-negative and non-zero and, when a cluster is given, fit at least one node. A
 * window needs 0 <= s < f. any/all/order need at least one child and at most {@link Rdl#MAX_WIDTH}.
 * Nesting is limited to {@link Rdl#MAX_DEPTH}. Sums of user numbers saturate at {@link
 * Long#MAX_VALUE}, and a saturated finish is never taken for a real one: an expression whose
 * earliest finish cannot be counted is infeasible ({@code TOO_LONG}).
 *
 * <h2>Minimal duration ({@link #minDuration})</h2>
 *
 * A lower bound, in steps, on the time span between the first and the last allocation of any
 * satisfying allocation, on an otherwise empty cluster of unbounded size:
 *
 * <ul>
 *   <li>atom: 0 when w = 0; otherwise {@code max(l, ceil(w / (floor(h/g)*g)))}: at most {@code
 *       floor(h/g)} whole gangs run at once, and a gang runs at least l steps. (The bound is exact
 *       for l = 1; with longer leases the granularity of leases can force a longer span.)
 *   <li>order: the sum of its children (strict precedence);
 *   <li>all: the maximum of its children (they may run side by side);
 *   <li>any: the minimum of its children (the cheapest alternative);
 *   <li>window: its child's (a window constrains where, not how long).
 * </ul>
 *
 * <h2>Work ({@link #work})</h2>
 *
 * Bundle-steps: atom w, all/order the sum, any the maximum over the alternatives (the most that can
 * be asked for), window its child's. Sums saturate at {@link Long#MAX_VALUE}.
 *
 * <h2>Feasibility</h2>
 *
 * The compiler computes the earliest step by which each sub-expression can be complete when it may
 * start no earlier than a given step: an atom takes its minimal duration, an order chains its
 * children, all takes the latest child, any the earliest feasible alternative, and {@code
 * window(e,s,f)} starts e no earlier than s and fails when e cannot complete by f. An expression
 * that can be satisfied without any allocation ({@link #canBeEmpty}, e.g. zero work) constrains
 * nothing: it takes no time and windows around it are vacuous. The root starts at step 0. With a
 * cluster, a gang atom whose g bundles do not fit in the whole cluster at once (counting whole
 * bundles per node at step-0 capacity) cannot be satisfied. These are necessary conditions: a
 * feasible verdict means no single-expression reason for rejection was found; capacity taken by
 * other reservations is the planner's business.
 *
 * <h2>Normalization ({@link #normalize})</h2>
 *
 * Applied until nothing changes (so it is idempotent), to valid expressions only:
 *
 * <ol>
 *   <li><b>Window push-down.</b> Every window is pushed down to the atoms below it, intersecting
 *       ranges on the way: {@code window(window(e,a,b),c,d)} becomes {@code
 *       window(e,max(a,c),min(b,d))}; {@code window(op(e1..en),s,f)} becomes {@code
 *       op(window(e1,s,f)..window(en,s,f))} for op in any, all, order. This is the distributivity
 *       of any (and all, order) over window, in the direction that moves windows down. After it,
 *       windows only wrap atoms. It preserves semantics because a window only restricts where
 *       allocations lie, and every allocation belongs to exactly one atom. A zero-work atom has no
 *       allocations, so windows around it are dropped. We never distribute any over all/order
 *       ({@code all(any(a,b),c)} to {@code any(all(a,c),all(b,c))}), which can grow the expression
 *       exponentially.
 *   <li><b>Flattening.</b> A child of the same operator as its parent is replaced by its children:
 *       {@code order(order(a1,a2),order(a3,a4))} becomes {@code order(a1,a2,a3,a4)} (precedence is
 *       transitive), likewise for all and any.
 *   <li><b>Single-child removal.</b> {@code any(e)}, {@code all(e)}, {@code order(e)} become e.
 *   <li><b>Unification of compatible atoms under all.</b> Two children of an all that are atoms (or
 *       windows around atoms with the same range) with the same bundle, g = 1, l = 1 and the same
 *       work-to-parallelism ratio ({@code w1*h2 == w2*h1}) become one atom with h = h1+h2 and w =
 *       w1+w2, e.g. {@code all(atom(b,1,1,1,1),atom(b,1,1,1,1))} becomes {@code atom(b,1,2,1,2)}.
 *       This is exact: any allocation x_t of the merged atom splits into x_t*h1/H and x_t*h2/H,
 *       which respect each parallelism and sum to w1 and w2 exactly because the ratios agree, and
 *       integral splits exist by the integrality of flows. With unequal ratios, gangs or leases the
 *       merged atom would allow allocations the original forbids, so such atoms are left alone.
 * </ol>
 *
 * Each rewrite preserves total work, minimal duration and the feasibility verdict. When two nested
 * windows do not intersect, both are kept (one directly inside the other), since their empty
 * intersection is not a well-formed window; the expression stays infeasible (unless it has no
 * work).
 */
public final class RdlCompiler {
  private RdlCompiler() {}

  static final long INF = Long.MAX_VALUE;

  /** Compiles without a cluster (no bundle-size or gang-size checks against nodes). */
  public static CompileResult compile(Rdl expr) {
    return compile(expr, null);
  }

  /**
   * Validates, checks feasibility, measures and normalizes {@code expr}. {@code cluster} may be
   * null; when given, bundles must fit a node and gangs the whole cluster.
   */
  public static CompileResult compile(Rdl expr, Cluster cluster) {
    if (depth(expr) > Rdl.MAX_DEPTH) {
      return new CompileResult(
          expr,
          0,
          0,
          false,
          List.of(
              new RdlProblem(
                  Code.TOO_DEEP,
                  "",
                  "the expression is nested deeper than "
                      + Rdl.MAX_DEPTH
                      + " levels; flatten nested operators of the same kind")));
    }
    List<RdlProblem> problems = validate(expr, cluster);
    long work = work(expr);
    long minDuration = minDuration(expr);
    boolean invalid = false;
    for (RdlProblem p : problems) invalid |= p.code().invalid();
    if (invalid) return new CompileResult(expr, work, minDuration, false, problems);
    List<RdlProblem> infeasible = new ArrayList<>(problems);
    earliestFinish(expr, 0, "", cluster, infeasible);
    return new CompileResult(normalize(expr), work, minDuration, infeasible.isEmpty(), infeasible);
  }

  // ---------------------------------------------------------------- measures

  /** Total work in bundle-steps (see the class documentation), saturating. */
  public static long work(Rdl e) {
    if (e instanceof Rdl.Atom a) return Math.max(0, a.work());
    if (e instanceof Rdl.Window w) return work(w.expr());
    long r = 0;
    for (Rdl c : e.children()) r = e instanceof Rdl.Any ? Math.max(r, work(c)) : satAdd(r, work(c));
    return r;
  }

  /** Minimal duration in steps (see the class documentation), saturating. */
  public static long minDuration(Rdl e) {
    if (e instanceof Rdl.Atom a) return atomDuration(a, INF);
    if (e instanceof Rdl.Window w) return minDuration(w.expr());
    if (e instanceof Rdl.Order) {
      long s = 0;
      for (Rdl c : e.children()) s = satAdd(s, minDuration(c));
      return s;
    }
    if (e instanceof Rdl.All) {
      long m = 0;
      for (Rdl c : e.children()) m = Math.max(m, minDuration(c));
      return m;
    }
    long m = e.children().isEmpty() ? 0 : INF;
    for (Rdl c : e.children()) m = Math.min(m, minDuration(c));
    return m;
  }

  /** Steps an atom needs with at most {@code limit} bundles at once (invalid values clamped). */
  private static long atomDuration(Rdl.Atom a, long limit) {
    if (a.work() <= 0) return 0;
    long g = Math.max(1, a.gang());
    long h = Math.max(g, Math.min(a.maxParallelism(), limit));
    long per = (h / g) * g;
    long steps = a.work() / per + (a.work() % per == 0 ? 0 : 1);
    return Math.max(Math.max(1, a.minLease()), steps);
  }

  /** Nesting depth (an atom has depth 1), computed without recursion. */
  public static int depth(Rdl e) {
    // the common shapes without the explicit stack
    if (e instanceof Rdl.Atom) return 1;
    if (e instanceof Rdl.Window w && w.expr() instanceof Rdl.Atom) return 2;
    int max = 0;
    Deque<Object[]> stack = new ArrayDeque<>();
    stack.push(new Object[] {e, 1});
    while (!stack.isEmpty()) {
      Object[] top = stack.pop();
      int d = (Integer) top[1];
      max = Math.max(max, d);
      if (max > Rdl.MAX_DEPTH) return max;
      for (Rdl c : ((Rdl) top[0]).children()) stack.push(new Object[] {c, d + 1});
    }
    return max;
  }

  // ---------------------------------------------------------------- validation

  /** Validation problems (and, with a cluster, bundles that fit no node), with paths. */
  public static List<RdlProblem> validate(Rdl expr, Cluster cluster) {
    List<RdlProblem> out = new ArrayList<>();
    if (depth(expr) > Rdl.MAX_DEPTH) {
      out.add(new RdlProblem(Code.TOO_DEEP, "", "nested deeper than " + Rdl.MAX_DEPTH + " levels"));
      return out;
    }
    validate(expr, "", cluster, out);
    return out;
  }

  private static void validate(Rdl e, String path, Cluster cluster, List<RdlProblem> out) {
    if (e instanceof Rdl.Atom a) {
      validateAtom(a, path, cluster, out);
      return;
    }
    if (e instanceof Rdl.Window w) {
      if (w.start() < 0) {
        out.add(
            new RdlProblem(
                Code.WINDOW_START_NEGATIVE,
                path,
                "window start " + w.start() + " is negative; time starts at step 0"));
      }
      if (w.start() >= w.finish()) {
        out.add(
            new RdlProblem(
                Code.WINDOW_EMPTY,
                path,
                "window ["
                    + w.start()
                    + ","
                    + w.finish()
                    + ") is empty; the finish must be after the start"));
      }
    } else if (e.children().isEmpty()) {
      out.add(
          new RdlProblem(
              Code.EMPTY_OPERATOR,
              path,
              opName(e) + "() has no sub-expressions; give at least one or remove it"));
    } else if (e.children().size() > Rdl.MAX_WIDTH) {
      out.add(
          new RdlProblem(
              Code.TOO_WIDE,
              path,
              opName(e)
                  + "() has "
                  + e.children().size()
                  + " sub-expressions, more than "
                  + Rdl.MAX_WIDTH
                  + "; group them into nested "
                  + opName(e)
                  + "(...)"));
      return;
    }
    List<Rdl> cs = e.children();
    for (int i = 0; i < cs.size(); i++) validate(cs.get(i), Rdl.childPath(path, i), cluster, out);
  }

  private static void validateAtom(Rdl.Atom a, String path, Cluster cluster, List<RdlProblem> out) {
    int g = a.gang();
    int h = a.maxParallelism();
    long l = a.minLease();
    long w = a.work();
    if (g < 1) {
      out.add(
          new RdlProblem(
              Code.GANG_NOT_POSITIVE,
              path,
              "gang g=" + g + " must be at least 1 (use 1 for a malleable job)"));
    }
    if (g > h) {
      out.add(
          new RdlProblem(
              Code.GANG_ABOVE_PARALLELISM,
              path,
              "gang g="
                  + g
                  + " exceeds max parallelism h="
                  + h
                  + "; raise h to at least "
                  + g
                  + " or lower g"));
    }
    if (l < 1) {
      out.add(
          new RdlProblem(
              Code.LEASE_NOT_POSITIVE, path, "min lease l=" + l + " must be at least 1 step"));
    }
    if (w < 0) {
      out.add(
          new RdlProblem(
              Code.WORK_NEGATIVE,
              path,
              "work w=" + w + " is negative; use 0 for best-effort access"));
    }
    if (g >= 1 && w > 0 && w % g != 0) {
      long up = (w / g + 1) * g;
      out.add(
          new RdlProblem(
              Code.WORK_NOT_MULTIPLE_OF_GANG,
              path,
              "work w="
                  + w
                  + " is not a multiple of the gang g="
                  + g
                  + "; maybe use w="
                  + (w / g) * g
                  + " or w="
                  + up));
    }
    if (g >= 1 && l >= 1 && w > 0 && w % g == 0 && w / g < l) {
      out.add(
          new RdlProblem(
              Code.WORK_BELOW_ONE_LEASE,
              path,
              "work w="
                  + w
                  + " is less than one gang of "
                  + g
                  + " held for the min lease l="
                  + l
                  + " ("
                  + multiply(g, l)
                  + " bundle-steps); raise w or lower l"));
    }
    Resources b = a.bundle();
    if (!b.isNonNegative()) {
      out.add(new RdlProblem(Code.BUNDLE_NEGATIVE, path, "bundle " + b + " has a negative amount"));
    } else if (b.isZero()) {
      out.add(
          new RdlProblem(
              Code.BUNDLE_ZERO,
              path,
              "bundle " + b + " asks for nothing; give memory MB and vcores such as <1024,1>"));
    } else if (cluster != null && !fitsSomeNode(b, cluster)) {
      Resources big = cluster.largestNode();
      String dim = b.firstExceeding(big);
      out.add(
          new RdlProblem(
              Code.BUNDLE_TOO_LARGE,
              path,
              "bundle "
                  + b
                  + " fits no node of cluster '"
                  + cluster.name()
                  + "' (largest node "
                  + big
                  + (dim == null ? "" : ", too much " + dim)
                  + "); split it into smaller bundles"));
    }
  }

  private static boolean fitsSomeNode(Resources b, Cluster c) {
    for (NodeGroup g : c.nodeGroups()) if (g.count() > 0 && b.fitsIn(g.capacity())) return true;
    return false;
  }

  // ---------------------------------------------------------------- feasibility

  /** How many bundles the whole cluster holds at once (whole bundles per node), saturating. */
  public static long clusterBundles(Cluster c, Resources bundle) {
    long n = 0;
    for (NodeGroup g : c.nodeGroups()) {
      if (g.count() <= 0) continue;
      long per = g.capacity().fitCount(bundle);
      n = satAdd(n, per == INF ? INF : multiply(per, g.count()));
    }
    return n;
  }

  /**
   * The earliest step by which {@code e} can be complete when it starts no earlier than {@code t},
   * or {@link Long#MAX_VALUE} when it cannot be satisfied (reasons added to {@code out}). Assumes a
   * valid expression.
   */
  /**
   * The reasons why a well-formed expression cannot be satisfied even on an empty cluster without a
   * size limit (a window too short for its work at full parallelism, an any() without a feasible
   * alternative), as {@link #compile} reports them, without normalizing. Empty when none.
   */
  public static List<RdlProblem> infeasibilities(Rdl expr) {
    List<RdlProblem> out = new ArrayList<>();
    earliestFinish(expr, 0, "", null, out);
    return out;
  }

  static long earliestFinish(Rdl e, long t, String path, Cluster cluster, List<RdlProblem> out) {
    if (t == INF) return INF;
    if (canBeEmpty(e)) return t;
    if (e instanceof Rdl.Atom a) {
      if (cluster != null && a.gang() > 1) {
        long fit = clusterBundles(cluster, a.bundle());
        if (fit < a.gang()) {
          out.add(
              new RdlProblem(
                  Code.GANG_LARGER_THAN_CLUSTER,
                  path,
                  "the gang of "
                      + a.gang()
                      + " bundles "
                      + a.bundle()
                      + " is larger than cluster '"
                      + cluster.name()
                      + "', which holds "
                      + fit
                      + " such bundles at once; lower g or use smaller bundles"));
          return INF;
        }
      }
      long end = satAdd(t, atomDuration(a, INF));
      if (end == INF) {
        // saturated, not a finish: no step count can hold it (never report it as a finish time)
        out.add(
            new RdlProblem(
                Code.TOO_LONG,
                path,
                "the atom needs "
                    + atomDuration(a, INF)
                    + " steps"
                    + (t > 0 ? " after step " + t : "")
                    + ", more than a step count can hold ("
                    + (INF - 1)
                    + "); lower w or raise h"));
      }
      return end;
    }
    if (e instanceof Rdl.Window w) {
      long from = Math.max(t, w.start());
      long r = earliestFinish(w.expr(), from, Rdl.childPath(path, 0), cluster, out);
      if (r == INF) return INF;
      if (r > w.finish()) {
        String msg =
            from > w.start()
                ? "window ["
                    + w.start()
                    + ","
                    + w.finish()
                    + ") is too short: its expression cannot start before step "
                    + from
                    + " (what precedes it) and needs "
                    + (r - from)
                    + " more steps, finishing at "
                    + r
                    + "; move the finish to "
                    + r
                    + " or later, or raise parallelism"
                : "window ["
                    + w.start()
                    + ","
                    + w.finish()
                    + ") is "
                    + (w.finish() - w.start())
                    + " steps long but its expression needs at least "
                    + (r - from)
                    + " steps; move the finish to "
                    + r
                    + " or later, or raise parallelism";
        out.add(new RdlProblem(Code.WINDOW_TOO_SHORT, path, msg));
        return INF;
      }
      return r;
    }
    List<Rdl> cs = e.children();
    if (e instanceof Rdl.Order) {
      long cur = t;
      for (int i = 0; i < cs.size() && cur != INF; i++) {
        cur = earliestFinish(cs.get(i), cur, Rdl.childPath(path, i), cluster, out);
      }
      return cur;
    }
    if (e instanceof Rdl.All) {
      long m = t;
      for (int i = 0; i < cs.size(); i++) {
        m = Math.max(m, earliestFinish(cs.get(i), t, Rdl.childPath(path, i), cluster, out));
      }
      return m;
    }
    long best = INF;
    List<RdlProblem> tmp = new ArrayList<>();
    for (int i = 0; i < cs.size(); i++) {
      best = Math.min(best, earliestFinish(cs.get(i), t, Rdl.childPath(path, i), cluster, tmp));
    }
    if (best == INF) {
      out.addAll(tmp);
      out.add(
          new RdlProblem(
              Code.NO_FEASIBLE_ALTERNATIVE,
              path,
              "none of the "
                  + cs.size()
                  + " alternatives of any() can be satisfied (see the problems below it)"));
    }
    return best;
  }

  /**
   * True when {@code e} can be satisfied without any allocation: a zero-work atom, an any with such
   * an alternative, an all or order of such children, a window around one.
   */
  public static boolean canBeEmpty(Rdl e) {
    if (e instanceof Rdl.Atom a) return a.work() == 0;
    if (e instanceof Rdl.Any) {
      for (Rdl c : e.children()) if (canBeEmpty(c)) return true;
      return false;
    }
    for (Rdl c : e.children()) if (!canBeEmpty(c)) return false;
    return true;
  }

  /** True when the compiler finds no reason {@code e} cannot be satisfied (valid and feasible). */
  public static boolean feasible(Rdl e, Cluster cluster) {
    return compile(e, cluster).feasible();
  }

  // ---------------------------------------------------------------- normalization

  /**
   * Normalizes a valid expression by the rewrites in the class documentation, repeated until
   * nothing changes. Idempotent.
   */
  public static Rdl normalize(Rdl e) {
    Rdl cur = e;
    for (int i = 0; i < 64; i++) {
      Rdl next = simplify(pushWindows(cur, 0, 0, false));
      if (next.equals(cur)) return next;
      cur = next;
    }
    return cur;
  }

  private static Rdl pushWindows(Rdl e, long lo, long hi, boolean has) {
    if (e instanceof Rdl.Atom a) return has && a.work() != 0 ? new Rdl.Window(e, lo, hi) : e;
    if (e instanceof Rdl.Window w) {
      long s = has ? Math.max(lo, w.start()) : w.start();
      long f = has ? Math.min(hi, w.finish()) : w.finish();
      if (s >= f && has) {
        // disjoint ranges: keep both windows, so the result stays well formed (and infeasible)
        return new Rdl.Window(pushWindows(w.expr(), w.start(), w.finish(), true), lo, hi);
      }
      return pushWindows(w.expr(), s, f, true);
    }
    List<Rdl> cs = new ArrayList<>(e.children().size());
    for (Rdl c : e.children()) cs.add(pushWindows(c, lo, hi, has));
    return rebuild(e, cs);
  }

  private static Rdl simplify(Rdl e) {
    if (e instanceof Rdl.Atom) return e;
    if (e instanceof Rdl.Window w) {
      Rdl c = simplify(w.expr());
      if (c instanceof Rdl.Window inner
          && Math.max(w.start(), inner.start()) < Math.min(w.finish(), inner.finish())) {
        return new Rdl.Window(
            inner.expr(), Math.max(w.start(), inner.start()), Math.min(w.finish(), inner.finish()));
      }
      return new Rdl.Window(c, w.start(), w.finish());
    }
    List<Rdl> cs = new ArrayList<>();
    for (Rdl c : e.children()) {
      Rdl s = simplify(c);
      if (s.getClass() == e.getClass()) cs.addAll(s.children());
      else cs.add(s);
    }
    if (e instanceof Rdl.All) cs = unify(cs);
    if (cs.size() == 1) return cs.get(0);
    return rebuild(e, cs);
  }

  private static Rdl rebuild(Rdl like, List<Rdl> cs) {
    if (like instanceof Rdl.Any) return new Rdl.Any(cs);
    if (like instanceof Rdl.All) return new Rdl.All(cs);
    return new Rdl.Order(cs);
  }

  /** Key of atoms that may be merged: same bundle, same window (or none), same w/h ratio. */
  private record UnifyKey(
      Resources bundle, boolean windowed, long start, long finish, long ratioW, long ratioH) {}

  private static List<Rdl> unify(List<Rdl> cs) {
    List<Rdl> out = new ArrayList<>(cs.size());
    Map<UnifyKey, Integer> slot = new HashMap<>();
    for (Rdl c : cs) {
      Rdl.Atom a = unifiable(c);
      if (a == null) {
        out.add(c);
        continue;
      }
      long gcd = gcd(a.work(), a.maxParallelism());
      Rdl.Window w = c instanceof Rdl.Window win ? win : null;
      UnifyKey key =
          new UnifyKey(
              a.bundle(),
              w != null,
              w == null ? 0 : w.start(),
              w == null ? 0 : w.finish(),
              a.work() / gcd,
              a.maxParallelism() / gcd);
      Integer at = slot.get(key);
      Rdl.Atom m = at == null ? null : merge(unifiable(out.get(at)), a);
      if (m == null) {
        slot.put(key, out.size());
        out.add(c);
      } else {
        out.set(at, w != null ? new Rdl.Window(m, w.start(), w.finish()) : m);
      }
    }
    return out;
  }

  private static long gcd(long a, long b) {
    while (b != 0) {
      long t = a % b;
      a = b;
      b = t;
    }
    return Math.max(1, a);
  }

  private static Rdl.Atom unifiable(Rdl e) {
    Rdl x = e instanceof Rdl.Window w ? w.expr() : e;
    if (x instanceof Rdl.Atom a
        && a.gang() == 1
        && a.minLease() == 1
        && a.maxParallelism() >= 1
        && a.work() >= 0) {
      return a;
    }
    return null;
  }

  private static Rdl.Atom merge(Rdl.Atom a, Rdl.Atom b) {
    try {
      if (Math.multiplyExact(a.work(), (long) b.maxParallelism())
          != Math.multiplyExact(b.work(), (long) a.maxParallelism())) {
        return null;
      }
      int h = Math.addExact(a.maxParallelism(), b.maxParallelism());
      long w = Math.addExact(a.work(), b.work());
      return new Rdl.Atom(a.bundle(), 1, h, 1, w);
    } catch (ArithmeticException overflow) {
      return null;
    }
  }

  // ---------------------------------------------------------------- gang rewrite

  /** Default cap on lanes, and on atoms per lane, in {@link #rigidGang}. */
  public static final int DEFAULT_MAX_FANOUT = 64;

  /**
   * Replaces every non-rigid gang atom (g > 1, w > 0, not g = h with w = h*l) of a valid expression
   * by {@link #rigidGang}; everything else is kept as it is.
   */
  public static Rdl rigidGangs(Rdl e) {
    if (e instanceof Rdl.Atom a) {
      return a.gang() > 1 && a.work() > 0 && !a.isRigid() ? rigidGang(a, DEFAULT_MAX_FANOUT) : a;
    }
    if (e instanceof Rdl.Window w)
      return new Rdl.Window(rigidGangs(w.expr()), w.start(), w.finish());
    List<Rdl> cs = new ArrayList<>();
    for (Rdl c : e.children()) cs.add(rigidGangs(c));
    return rebuild(e, cs);
  }

  /**
   * Rewrites a gang atom into {@code all(order(...), ...)} of fully rigid atoms (Rayon §4.1), so
   * the MILP's lease constraints (eq. 7–9) apply.
   *
   * <p>Construction for {@code atom(b,g,h,l,w)}: the atom needs {@code G = w/g} gang-steps. Cut
   * them into {@code u = floor(G/l)} units of l steps; the remainder {@code G - u*l < l} lengthens
   * the first unit. Run the units on {@code k = min(floor(h/g), u)} lanes; lane i gets {@code
   * floor(u/k)} units, one more for the first {@code u mod k} lanes. A lane is an {@code order} of
   * rigid atoms {@code atom(b,g,g,L,g*L)}, one per unit of L steps; the lanes are joined by {@code
   * all}; a single lane or a single unit stands alone. To keep the result small, at most {@code
   * maxFanout} lanes are used, and when a lane would hold more than {@code maxFanout} units,
   * consecutive units are merged into at most that many atoms (longer leases).
   *
   * <p>Limits: the rewrite is sound but not complete. Every allocation of the result satisfies the
   * original atom (at most k*g <= h bundles at once, always whole gangs, every gang held at least l
   * steps, total w), but not every allocation of the original is expressible: a gang is held for a
   * multiple of l steps (plus the one remainder), lanes get fixed, balanced shares of the work,
   * fewer lanes than floor(h/g) may be used, and coarsened lanes hold their gang longer. Total work
   * is preserved; the minimal duration may grow. Requires a valid atom with g > 1 (see {@link
   * #validate}).
   */
  public static Rdl rigidGang(Rdl.Atom a, int maxFanout) {
    if (a.gang() < 1
        || a.gang() > a.maxParallelism()
        || a.minLease() < 1
        || a.work() <= 0
        || a.work() % a.gang() != 0
        || a.work() / a.gang() < a.minLease()) {
      throw new IllegalArgumentException(
          "rigidGang needs a valid atom with positive work, got " + a);
    }
    if (maxFanout < 1) throw new IllegalArgumentException("maxFanout must be at least 1");
    if (a.isRigid()) return a;
    long g = a.gang();
    long l = a.minLease();
    long gangSteps = a.work() / g;
    long units = gangSteps / l;
    long rem = gangSteps - units * l;
    long lanes = Math.min(Math.min(a.maxParallelism() / g, units), maxFanout);
    List<Rdl> laneExprs = new ArrayList<>();
    for (long i = 0; i < lanes; i++) {
      long n = units / lanes + (i < units % lanes ? 1 : 0);
      int len = (int) Math.min(n, maxFanout);
      long[] leases = new long[len];
      for (int k = 0; k < len; k++) leases[k] = (n / len + (k < n % len ? 1 : 0)) * l;
      if (i == 0) leases[0] += rem;
      List<Rdl> atoms = new ArrayList<>(leases.length);
      for (long lease : leases)
        atoms.add(new Rdl.Atom(a.bundle(), (int) g, (int) g, lease, g * lease));
      laneExprs.add(atoms.size() == 1 ? atoms.get(0) : new Rdl.Order(atoms));
    }
    return laneExprs.size() == 1 ? laneExprs.get(0) : new Rdl.All(laneExprs);
  }

  // ---------------------------------------------------------------- helpers

  static String opName(Rdl e) {
    if (e instanceof Rdl.Any) return "any";
    if (e instanceof Rdl.All) return "all";
    if (e instanceof Rdl.Order) return "order";
    if (e instanceof Rdl.Window) return "window";
    return "atom";
  }

  static long satAdd(long a, long b) {
    if (a == INF || b == INF) return INF;
    long r = a + b;
    return ((a ^ r) & (b ^ r)) < 0 ? (a > 0 ? INF : Long.MIN_VALUE) : r;
  }

  private static long multiply(long a, long b) {
    try {
      return Math.multiplyExact(a, b);
    } catch (ArithmeticException e) {
      return INF;
    }
  }
}
