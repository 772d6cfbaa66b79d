package io.rayon.engine.planning.milp;

import io.rayon.engine.plan.PlanView;
import io.rayon.engine.policy.SharingPolicy;
import io.rayon.engine.rdl.RdlCompiler;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Variable;

/**
 * The MILP of Rayon §4.1 (eq. 1–17) for a set of reservations placed together against the free
 * capacity of a plan. Built in the order data → variables → constraints → objective; {@link
 * OjAlgoSolver} solves it and {@link #read} turns the variable values into allocations.
 *
 * <h2>Our reading of the paper's formulas</h2>
 *
 * The PDF text of §4.1 is partly garbled; this is how we read it, and where we deviate.
 *
 * <ul>
 *   <li><b>Allocation variables.</b> x_jt is the number of bundles atom j holds in model step t.
 *       The paper lets x_jt be real for non-gang jobs (eq. 4–5); our plans hold whole bundles
 *       (containers), so x_jt is always integral. We write x_jt = g_j * n_jt with n_jt an integer
 *       number of gangs, which is eq. (6): x_jt ∈ {0, g_j, 2g_j, …, h_j}.
 *   <li><b>(1) capacity</b> is stated per resource dimension (memory, vcores, every extra a bundle
 *       asks for): Σ_j b_jd x_jt ≤ free_dt, where free_dt is the plan's free capacity (capacity
 *       minus committed allocations, so earlier allocations stay fixed), the minimum over the plan
 *       steps a model step covers, never below 0. The sharing policy's instantaneous headroom per
 *       user is added the same way when a policy is given.
 *   <li><b>(2) parallelism</b> x_jt ≤ h_j is the upper bound n_jt ≤ ⌊h_j / g_j⌋.
 *   <li><b>(3), (10), (11) demand with overflow.</b> The paper writes x^o_j + Σ_t x_jt = w_j and
 *       o_j > x^o_j / w_j with o_j binary. A partly placed atom is never a valid plan, so we use
 *       the all-or-nothing form this implies: with p_j = 1 − o_j the "placed" indicator, grid · Σ_t
 *       x_jt = w_j p_j + r_j, where r_j ∈ [0, (g_j grid − 1) p_j] is the rounding slack of the
 *       coarser grid (r_j = 0 on the plan's own grid). Rejecting reservation j costs α_j in the
 *       objective (see below), so the model is never infeasible.
 *   <li><b>(7)–(9) minimum lease.</b> y_jt ≥ x_jt − x_j(t−1) and y_jt ≥ x_j(t−1) − x_jt for every
 *       step of the atom's window and one step past it (x is 0 outside the window), so y is the
 *       absolute discrete derivative wherever it is minimised. For a fully rigid atom (g = h, w =
 *       h·l) eq. (7) Σ_t y_jt ≤ 2 g_j allows one step up and one step down, which with (3) makes
 *       one block of exactly l steps. As in the paper, a non-rigid gang atom (g &gt; 1) is first
 *       rewritten into all(order(…)) of rigid atoms by the RDL compiler ({@link
 *       RdlCompiler#rigidGang}; sound but not complete: it fixes lanes and piece lengths) and the
 *       pieces' allocations are summed back into the original atom's allocation. For atoms the
 *       rewrite does not cover (g = 1 with l &gt; 1, or every non-rigid atom when {@link
 *       MilpOptions#rigidGangRewrite()} is off) we state the minimum lease directly with start
 *       counts u_jt ≥ n_jt − n_j(t−1), u_jt ≥ 0 and n_jt ≥ Σ_{t−L<τ≤t} u_jτ (every gang started in
 *       the last L steps is still held; starts later than f − L are not allowed). This is exact for
 *       integer gang counts (release the oldest gangs first) and needs O(T) variables instead of
 *       the rewrite's O(w/(g l) · T) order indicators. With a coarser grid, L = ⌈l / grid⌉.
 *   <li><b>any / all.</b> Each sub-expression e has a placed indicator p_e; an all, order or window
 *       passes its own indicator to its children (all must be placed, or none), an any requires Σ_i
 *       p_child_i = p_e (exactly one alternative when e is placed). This is the paper's "all but
 *       one of the o_j are 1" with o = 1 − p.
 *   <li><b>(12)–(17) order.</b> For every child c of an order we add binary s_ct and f_ct over the
 *       order's window: s nondecreasing (12), f nonincreasing (14), both at least x_at / h_a for
 *       every atom a below c (13, 15) — this is how nesting is handled: the start/finish indicators
 *       of a sub-expression summarise all atoms below it — and s_(c+1)t ≤ 1 − f_ct for consecutive
 *       children (16), so the first step of c+1 comes strictly after the last step of c.
 *   <li><b>windows</b> restrict the range of the variables: an atom only has x_jt for the model
 *       steps that lie wholly inside the intersection of all enclosing windows and the plan
 *       horizon, and at or after the request's arrival step: a reservation is committed on arrival
 *       and cannot use the past (§4.1.2), so every expression of a request arriving at step a
 *       ranges over [a, horizon) and, on a coarser grid, over the model steps that start at or
 *       after a.
 *   <li><b>Objective</b> (§4.1.1): minimise Σ_j α_j o_j + λ Σ_jt y_jt with λ the user-set
 *       preemption weight and α_j = (1 + max(0, priority_j)) · max(1, (1.5 + 2λ) W_j), W_j the
 *       reservation's work in model bundle-steps (see {@link #alpha}): α_j > w_j as the paper asks,
 *       and α_j exceeds the largest preemption cost the reservation itself can cause (Σ_t y ≤ 2 Σ_t
 *       x), so placing a reservation that fits pays off against its own preemption; larger and
 *       higher-priority reservations come first. Acceptance and smoothness are still traded by
 *       weight, not lexicographically: rejecting a small reservation to smooth a much larger one is
 *       possible when λ &gt; 0. The paper's allocation cost c_jt is 0.
 * </ul>
 */
final class MilpFormulation {

  /** One atom of the RDL trees, with its variables. */
  static final class AtomVar {
    final int reservation;

    /** Unique key of the atom in the model (its RDL path, or origin~sub-path inside a rewrite). */
    final String path;

    /** Path of the atom of the request's own expression this atom allocates for. */
    final String origin;

    /** True for a rigid piece of a rewritten non-rigid gang atom. */
    final boolean rewritten;

    final Rdl.Atom atom;
    final Node node;
    final int gang;
    final int maxGangs;
    final int lo;
    final int hi;
    final int lease;
    final boolean rigid;
    Variable[] n;
    Variable[] y;
    Variable[] u;
    Variable r;

    AtomVar(
        int reservation,
        String path,
        String origin,
        Rdl.Atom atom,
        Node node,
        int lo,
        int hi,
        int grid) {
      this.reservation = reservation;
      this.path = path;
      this.origin = origin;
      this.rewritten = !path.equals(origin);
      this.atom = atom;
      this.node = node;
      this.gang = Math.max(1, atom.gang());
      this.maxGangs = Math.max(0, atom.maxParallelism() / this.gang);
      this.lo = lo;
      this.hi = Math.max(lo, hi);
      this.lease = (int) Math.max(1, ceilDiv(Math.max(1, atom.minLease()), grid));
      this.rigid = atom.isRigid();
    }

    int length() {
      return hi - lo;
    }
  }

  /** A sub-expression: its placed indicator, children and start/finish indicators. */
  static final class Node {
    final Rdl expr;
    final String path;
    final int lo;
    final int hi;
    final List<Node> children = new ArrayList<>();
    final List<AtomVar> atomsBelow = new ArrayList<>();
    Variable placed;
    AtomVar atom;
    Variable[] start;
    Variable[] finish;
    int sfLo;

    Node(Rdl expr, String path, int lo, int hi) {
      this.expr = expr;
      this.path = path;
      this.lo = lo;
      this.hi = Math.max(lo, hi);
    }
  }

  /** One reservation of the model. */
  static final class Res {
    final ReservationRequest request;
    final Node root;
    double alpha;

    Res(ReservationRequest request, Node root) {
      this.request = request;
      this.root = root;
    }
  }

  // ---- data
  final PlanView plan;
  final MilpOptions options;
  final int grid;
  final int steps;
  final List<String> dims;

  /** Free capacity per dimension and model step. */
  final long[][] free;

  /** Instantaneous policy headroom per user, dimension and model step (empty without a policy). */
  final Map<String, long[][]> headroom = new LinkedHashMap<>();

  final List<Res> reservations = new ArrayList<>();
  final List<AtomVar> atoms = new ArrayList<>();

  // ---- model
  final ExpressionsBasedModel model = new ExpressionsBasedModel();
  private int constraintCount;
  private int integerCount;
  private double objectiveConstant;

  MilpFormulation(
      PlanView plan, List<ReservationRequest> requests, MilpOptions options, SharingPolicy policy) {
    this(plan, requests, options, policy, true);
  }

  /**
   * How many integer variables the model of these requests has on the grid of {@code options},
   * counted on the expression trees without building the model (cheap: no capacity lookups).
   */
  static long integerVariables(
      PlanView plan, List<ReservationRequest> requests, MilpOptions options) {
    MilpFormulation shell = new MilpFormulation(plan, requests, options, null, false);
    long n = 0;
    for (Res r : shell.reservations) n += 1 + integersBelow(r.root);
    return n;
  }

  private static long integersBelow(Node node) {
    long n = 0;
    for (Node c : node.children) {
      if (node.expr instanceof Rdl.Any) n++;
      if (node.expr instanceof Rdl.Order) n += 2L * (node.hi - node.lo);
      n += integersBelow(c);
    }
    if (node.atom != null) n += node.atom.length();
    return n;
  }

  /**
   * The size of the model these requests would have on the grid of {@code options}, counted on the
   * expression trees without building it: variables and integer variables exactly, constraints and
   * non-zero coefficients as upper bounds (capacity rows are counted before duplicate and
   * never-binding rows are dropped). The planner refuses a model too large for the time limit or
   * the memory from these figures before building anything.
   *
   * @param users distinct users among the requests (one headroom row per user and dimension when a
   *     sharing policy is given; 0 without one)
   */
  static ModelSize size(
      PlanView plan, List<ReservationRequest> requests, MilpOptions options, int users) {
    MilpFormulation shell = new MilpFormulation(plan, requests, options, null, false);
    long[] c = new long[4]; // variables, integers, constraints, non-zeros
    for (Res r : shell.reservations) {
      c[0]++;
      c[1]++;
      countNode(shell, r.root, c);
    }
    TreeSet<String> extras = new TreeSet<>();
    long[] active = new long[shell.steps + 1];
    for (AtomVar a : shell.atoms) {
      extras.addAll(a.atom.bundle().extras().keySet());
      if (a.length() > 0) {
        active[a.lo]++;
        active[a.hi]--;
      }
    }
    long rowsPerStep = (2L + extras.size()) * (1L + users);
    long run = 0;
    for (int m = 0; m < shell.steps; m++) {
      run += active[m];
      if (run == 0) continue;
      c[2] += rowsPerStep;
      c[3] += rowsPerStep * run;
    }
    return new ModelSize(c[0], c[1], c[2], c[3], shell.grid);
  }

  private static void countNode(MilpFormulation shell, Node node, long[] c) {
    if (node.expr instanceof Rdl.Any) {
      c[2]++;
      c[3] += 1 + node.children.size();
    }
    for (Node ch : node.children) {
      if (node.expr instanceof Rdl.Any) {
        c[0]++;
        c[1]++;
      }
      if (node.expr instanceof Rdl.Order) {
        long len = node.hi - node.lo;
        c[0] += 2 * len;
        c[1] += 2 * len;
        // (12), (14) monotone, (16) order: two coefficients each
        c[2] += 3 * len;
        c[3] += 6 * len;
        // (13), (15) per atom below and step in both ranges
        for (AtomVar a : ch.atomsBelow) {
          long overlap = Math.max(0, Math.min(node.hi, a.hi) - Math.max(node.lo, a.lo));
          c[2] += 2 * overlap;
          c[3] += 4 * overlap;
        }
      }
      countNode(shell, ch, c);
    }
    AtomVar a = node.atom;
    if (a == null) return;
    long len = a.length();
    c[0] += len;
    c[1] += len;
    boolean needY = a.rigid || shell.options.preemptionWeight() > 0;
    if (needY && len > 0) {
      c[0] += len + 1;
      c[2] += 2 * (len + 1) + 1;
      c[3] += 6 * (len + 1) + len + 1;
    }
    if (!a.rigid && a.lease > 1 && len > 0) {
      c[0] += len;
      c[2] += 2 * len;
      c[3] += len * (4L + a.lease);
    }
    if (shell.grid > 1) {
      c[0]++;
      c[2]++;
      c[3] += 2;
    }
    c[2]++;
    c[3] += len + 2;
  }

  /**
   * The shortest window, in plan steps, of an atom with work among the requests (the automatic grid
   * keeps at least a few model steps in it); {@code plan.horizon()} when there is none.
   */
  static long shortestWindow(PlanView plan, List<ReservationRequest> requests) {
    MilpFormulation shell =
        new MilpFormulation(plan, requests, MilpOptions.DEFAULT.withGrid(1), null, false);
    long w = plan.horizon();
    for (AtomVar a : shell.atoms)
      if (a.atom.work() > 0 && a.length() > 0) w = Math.min(w, a.length());
    return w;
  }

  private MilpFormulation(
      PlanView plan,
      List<ReservationRequest> requests,
      MilpOptions options,
      SharingPolicy policy,
      boolean build) {
    this.plan = plan;
    this.options = options;
    this.grid = options.grid();
    this.steps = (int) Math.min(Integer.MAX_VALUE / 4, plan.horizon() / grid);

    // ---- data: the trees, the resource dimensions, free capacity and policy headroom per model
    // step
    for (int i = 0; i < requests.size(); i++) {
      ReservationRequest rq = requests.get(i);
      // online commitment (§4.1.2): nothing before the request's arrival
      Node root = buildTree(i, rq.rdl(), "", null, Math.max(0, rq.arrival()), plan.horizon());
      reservations.add(new Res(rq, root));
    }
    if (!build) {
      this.dims = List.of();
      this.free = new long[0][0];
      return;
    }
    TreeSet<String> extras = new TreeSet<>();
    for (AtomVar a : atoms) extras.addAll(a.atom.bundle().extras().keySet());
    List<String> d = new ArrayList<>(List.of("memoryMB", "vcores"));
    d.addAll(extras);
    this.dims = List.copyOf(d);
    this.free = new long[dims.size()][steps];
    for (int m = 0; m < steps; m++) {
      for (int di = 0; di < dims.size(); di++) free[di][m] = Long.MAX_VALUE;
      for (long t = (long) m * grid; t < (long) (m + 1) * grid; t++) {
        Resources f = plan.freeAt(t);
        for (int di = 0; di < dims.size(); di++) {
          free[di][m] = Math.min(free[di][m], Math.max(0, f.get(dims.get(di))));
        }
      }
    }
    if (policy != null) {
      for (Res r : reservations) {
        String user = r.request.user();
        if (headroom.containsKey(user)) continue;
        long[][] h = new long[dims.size()][steps];
        for (int m = 0; m < steps; m++) {
          for (int di = 0; di < dims.size(); di++) h[di][m] = Long.MAX_VALUE;
          for (long t = (long) m * grid; t < (long) (m + 1) * grid; t++) {
            Resources f = policy.headroom(plan, user, t);
            for (int di = 0; di < dims.size(); di++) {
              h[di][m] = Math.min(h[di][m], Math.max(0, f.get(dims.get(di))));
            }
          }
        }
        headroom.put(user, h);
      }
    }
    addVariables();
    addConstraints();
    addObjective();
  }

  /**
   * The model tree of an expression. A non-rigid gang atom is replaced (when the option is on) by
   * the foundation compiler's rewrite into all(order(…)) of rigid atoms ({@link
   * RdlCompiler#rigidGang}); the pieces keep the original atom's path as their {@code origin}, so
   * their allocations are summed back into one allocation of the atom the request names.
   */
  private Node buildTree(int res, Rdl e, String path, String origin, long ws, long wf) {
    if (origin == null
        && options.rigidGangRewrite()
        && e instanceof Rdl.Atom a0
        && a0.gang() > 1
        && a0.work() > 0
        && !a0.isRigid()) {
      Rdl rewritten = RdlCompiler.rigidGang(a0, RdlCompiler.DEFAULT_MAX_FANOUT);
      if (rewritten != a0) return buildTree(res, rewritten, path + "~", path, ws, wf);
    }
    if (e instanceof Rdl.Window w) {
      ws = Math.max(ws, w.start());
      wf = Math.min(wf, w.finish());
    }
    int lo = (int) Math.min(steps, Math.max(0, ceilDiv(Math.max(0, ws), grid)));
    int hi = (int) Math.min(steps, Math.max(0, Math.floorDiv(Math.max(0, wf), grid)));
    Node node = new Node(e, path, lo, hi);
    if (e instanceof Rdl.Atom a) {
      AtomVar av = new AtomVar(res, path, origin == null ? path : origin, a, node, lo, hi, grid);
      node.atom = av;
      node.atomsBelow.add(av);
      atoms.add(av);
      return node;
    }
    List<Rdl> cs = e.children();
    for (int i = 0; i < cs.size(); i++) {
      String cp = path.endsWith("~") ? path + i : Rdl.childPath(path, i);
      Node c = buildTree(res, cs.get(i), cp, origin, ws, wf);
      node.children.add(c);
      node.atomsBelow.addAll(c.atomsBelow);
    }
    return node;
  }

  // ---- variables

  private void addVariables() {
    for (int i = 0; i < reservations.size(); i++) {
      Res r = reservations.get(i);
      r.root.placed = model.addVariable("p_" + i).binary();
      integerCount++;
      if (!options.allowRejection()) r.root.placed.lower(1);
      addNodeVariables(i, r.root);
    }
  }

  private void addNodeVariables(int res, Node node) {
    for (int ci = 0; ci < node.children.size(); ci++) {
      Node c = node.children.get(ci);
      if (node.expr instanceof Rdl.Any) {
        c.placed = model.addVariable("p_" + res + "_" + c.path).binary();
        integerCount++;
      } else {
        c.placed = node.placed;
      }
      if (node.expr instanceof Rdl.Order) {
        int len = node.hi - node.lo;
        c.sfLo = node.lo;
        c.start = new Variable[len];
        c.finish = new Variable[len];
        for (int t = 0; t < len; t++) {
          // (17) s_jt, f_jt ∈ {0,1}
          c.start[t] = model.addVariable("s_" + res + "_" + c.path + "_" + (node.lo + t)).binary();
          c.finish[t] = model.addVariable("f_" + res + "_" + c.path + "_" + (node.lo + t)).binary();
          integerCount += 2;
        }
      }
      addNodeVariables(res, c);
    }
    AtomVar a = node.atom;
    if (a == null) return;
    int len = a.length();
    boolean needY = a.rigid || options.preemptionWeight() > 0;
    a.n = new Variable[len];
    for (int t = 0; t < len; t++) {
      // (2) parallelism and (6) gangs: x_jt = g_j n_jt with n_jt ∈ {0, 1, …, ⌊h_j/g_j⌋}
      a.n[t] =
          model
              .addVariable("n_" + res + "_" + a.path + "_" + (a.lo + t))
              .lower(0)
              .upper(a.maxGangs)
              .integer(true);
      integerCount++;
    }
    if (needY && len > 0) {
      a.y = new Variable[len + 1];
      for (int t = 0; t <= len; t++) {
        a.y[t] = model.addVariable("y_" + res + "_" + a.path + "_" + (a.lo + t)).lower(0);
      }
    }
    if (!a.rigid && a.lease > 1 && len > 0) {
      a.u = new Variable[len];
      for (int t = 0; t < len; t++) {
        a.u[t] = model.addVariable("u_" + res + "_" + a.path + "_" + (a.lo + t)).lower(0);
        if (a.lo + t > a.hi - a.lease) a.u[t].upper(0);
      }
    }
    if (grid > 1) {
      a.r = model.addVariable("r_" + res + "_" + a.path).lower(0).upper((long) a.gang * grid - 1);
    }
  }

  // ---- constraints

  private Expression constraint(String name) {
    constraintCount++;
    return model.addExpression(name);
  }

  private void addConstraints() {
    // (1) capacity: at every model step and in every resource dimension the new allocations fit the
    // plan's free capacity
    List<List<AtomVar>> activeAt = new ArrayList<>(steps);
    for (int m = 0; m < steps; m++) activeAt.add(new ArrayList<>());
    for (AtomVar a : atoms) for (int m = a.lo; m < a.hi; m++) activeAt.get(m).add(a);
    for (int m = 0; m < steps; m++) {
      List<AtomVar> act = activeAt.get(m);
      if (act.isEmpty()) continue;
      // the rows of this step in normal form: coefficients per active atom -> right-hand side
      Map<List<Long>, long[]> rows = new LinkedHashMap<>();
      Map<List<Long>, String> names = new HashMap<>();
      for (int di = 0; di < dims.size(); di++) {
        capacityRow(
            act,
            a -> true,
            dims.get(di),
            free[di][m],
            "cap_" + dims.get(di) + "_" + m,
            rows,
            names);
      }
      // (1) again, per user: the sharing policy's instantaneous headroom
      for (Map.Entry<String, long[][]> h : headroom.entrySet()) {
        String user = h.getKey();
        for (int di = 0; di < dims.size(); di++) {
          capacityRow(
              act,
              a -> reservations.get(a.reservation).request.user().equals(user),
              dims.get(di),
              h.getValue()[di][m],
              "policy_" + user + "_" + dims.get(di) + "_" + m,
              rows,
              names);
        }
      }
      for (Map.Entry<List<Long>, long[]> row : rows.entrySet()) {
        Expression cap = constraint(names.get(row.getKey())).upper(row.getValue()[0]);
        List<Long> key = row.getKey();
        for (int k = 0; k < act.size(); k++) {
          if (key.get(k) != 0) cap.set(act.get(k).n[m - act.get(k).lo], key.get(k));
        }
      }
    }
    for (int i = 0; i < reservations.size(); i++) addNodeConstraints(i, reservations.get(i).root);
  }

  /**
   * Adds one row of eq. (1), Σ_j b_jd g_j n_jt ≤ rhs over the atoms of {@code act} that {@code in}
   * accepts, to {@code rows} in normal form: coefficients and right-hand side divided by the
   * coefficients' greatest common divisor (the right-hand side rounded down, exact for integer
   * n_jt), rows that can never bind (the atoms' largest use fits) left out, and of rows with the
   * same coefficients only the tightest kept. Memory in MB next to gang counts made ojAlgo's LPs
   * badly scaled; identical memory and vcores rows (bundles of one shape) are common.
   */
  private void capacityRow(
      List<AtomVar> act,
      Predicate<AtomVar> in,
      String dim,
      long rhs,
      String name,
      Map<List<Long>, long[]> rows,
      Map<List<Long>, String> names) {
    Map<AtomVar, Long> coef = new HashMap<>();
    long g = 0;
    long most = 0;
    for (AtomVar a : act) {
      if (!in.test(a)) continue;
      long c = a.atom.bundle().get(dim) * (long) a.gang;
      if (c <= 0) continue;
      coef.put(a, c);
      g = gcd(g, c);
      most = saturatedAdd(most, saturatedMultiply(c, a.maxGangs));
    }
    if (coef.isEmpty() || most <= rhs) return;
    List<Long> key = new ArrayList<>();
    for (AtomVar a : act) key.add(coef.getOrDefault(a, 0L) / g);
    long r = Math.floorDiv(rhs, g);
    long[] known = rows.get(key);
    if (known == null) {
      rows.put(key, new long[] {r});
      names.put(key, name);
    } else if (r < known[0]) {
      known[0] = r;
      names.put(key, name);
    }
  }

  private static long gcd(long a, long b) {
    while (b != 0) {
      long t = a % b;
      a = b;
      b = t;
    }
    return Math.abs(a);
  }

  private static long saturatedAdd(long a, long b) {
    long r = a + b;
    return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
  }

  private static long saturatedMultiply(long a, long b) {
    long hi = Math.multiplyHigh(a, b);
    long lo = a * b;
    return (hi == 0 && lo >= 0) ? lo : Long.MAX_VALUE;
  }

  private void addNodeConstraints(int res, Node node) {
    if (node.expr instanceof Rdl.Any) {
      // any: exactly one alternative is placed when the any is placed, none otherwise
      Expression e = constraint("any_" + res + "_" + node.path).level(0);
      e.set(node.placed, -1);
      for (Node c : node.children) e.set(c.placed, 1);
    }
    if (node.expr instanceof Rdl.Order) {
      for (int ci = 0; ci < node.children.size(); ci++) {
        Node c = node.children.get(ci);
        int len = c.start.length;
        for (int t = 0; t < len; t++) {
          int step = c.sfLo + t;
          if (t > 0) {
            // (12) s_jt ≥ s_j(t−1)
            constraint("s_mono_" + res + "_" + c.path + "_" + step)
                .lower(0)
                .set(c.start[t], 1)
                .set(c.start[t - 1], -1);
          }
          if (t + 1 < len) {
            // (14) f_jt ≥ f_j(t+1)
            constraint("f_mono_" + res + "_" + c.path + "_" + step)
                .lower(0)
                .set(c.finish[t], 1)
                .set(c.finish[t + 1], -1);
          }
          for (AtomVar a : c.atomsBelow) {
            if (step < a.lo || step >= a.hi || a.maxGangs == 0) continue;
            Variable n = a.n[step - a.lo];
            // (13) s_jt ≥ x_jt / h_j (normalised by the atom's maximum gang count)
            constraint("s_act_" + res + "_" + c.path + "_" + a.path + "_" + step)
                .lower(0)
                .set(c.start[t], a.maxGangs)
                .set(n, -1);
            // (15) f_jt ≥ x_jt / h_j
            constraint("f_act_" + res + "_" + c.path + "_" + a.path + "_" + step)
                .lower(0)
                .set(c.finish[t], a.maxGangs)
                .set(n, -1);
          }
          if (ci > 0) {
            Node prev = node.children.get(ci - 1);
            // (16) s_j''t ≤ 1 − f_j't: the next child starts strictly after the previous one
            // finished
            constraint("order_" + res + "_" + prev.path + "_" + c.path + "_" + step)
                .upper(1)
                .set(c.start[t], 1)
                .set(prev.finish[t], 1);
          }
        }
      }
    }
    for (Node c : node.children) addNodeConstraints(res, c);
    if (node.atom != null) addAtomConstraints(res, node.atom);
  }

  private void addAtomConstraints(int res, AtomVar a) {
    int len = a.length();
    long w = a.atom.work();
    String id = res + "_" + a.path;
    if (w <= 0) return;
    if (len == 0 || a.maxGangs == 0) {
      // the window leaves no model step (or the atom may hold no gang): it can only be rejected
      a.node.placed.upper(0);
      return;
    }
    // (3), (10), (11) demand with overflow: grid · Σ_t g n_jt = w_j p_j + r_j
    Expression demand = constraint("demand_" + id).level(0);
    for (Variable n : a.n) demand.set(n, (long) grid * a.gang);
    demand.set(a.node.placed, -w);
    if (a.r != null) {
      demand.set(a.r, -1);
      // r_j ≤ (g grid − 1) p_j: no rounding slack for an atom that is not placed
      constraint("round_" + id)
          .upper(0)
          .set(a.r, 1)
          .set(a.node.placed, -((long) a.gang * grid - 1));
    }
    if (a.y != null) {
      for (int t = 0; t <= len; t++) {
        Variable cur = t < len ? a.n[t] : null;
        Variable prev = t > 0 ? a.n[t - 1] : null;
        // (8) y_jt ≥ x_jt − x_j(t−1)
        Expression up = constraint("y_up_" + id + "_" + (a.lo + t)).lower(0).set(a.y[t], 1);
        // (9) y_jt ≥ x_j(t−1) − x_jt
        Expression down = constraint("y_down_" + id + "_" + (a.lo + t)).lower(0).set(a.y[t], 1);
        if (cur != null) {
          up.set(cur, -a.gang);
          down.set(cur, a.gang);
        }
        if (prev != null) {
          up.set(prev, a.gang);
          down.set(prev, -a.gang);
        }
      }
      if (a.rigid && a.lease > 1) {
        // (7) Σ_t y_jt ≤ 2 g_j: one transition up and one down, a single block of l steps
        Expression e = constraint("lease_rigid_" + id).upper(2L * a.gang);
        for (Variable y : a.y) e.set(y, 1);
      }
    }
    if (a.u != null) {
      for (int t = 0; t < len; t++) {
        // minimum lease of a non-rigid atom (our extension of (7)): u_jt ≥ n_jt − n_j(t−1) …
        Expression st =
            constraint("lease_start_" + id + "_" + (a.lo + t))
                .lower(0)
                .set(a.u[t], 1)
                .set(a.n[t], -1);
        if (t > 0) st.set(a.n[t - 1], 1);
        // … and n_jt ≥ Σ_{t−L<τ≤t} u_jτ: gangs started in the last L steps are still held
        Expression held = constraint("lease_hold_" + id + "_" + (a.lo + t)).lower(0).set(a.n[t], 1);
        for (int tau = Math.max(0, t - a.lease + 1); tau <= t; tau++) held.set(a.u[tau], -1);
      }
    }
  }

  // ---- objective

  private void addObjective() {
    double lambda = options.preemptionWeight();
    for (Res r : reservations) {
      r.alpha = alpha(r.request, lambda, grid);
      // Σ_j α_j o_j = Σ_j α_j − Σ_j α_j p_j
      r.root.placed.weight(-r.alpha);
      objectiveConstant += r.alpha;
    }
    if (lambda > 0) {
      for (AtomVar a : atoms) {
        if (a.y == null) continue;
        // §4.1.1 preemption term λ Σ_jt y_jt
        for (Variable y : a.y) y.weight(lambda);
      }
    }
  }

  // ---- reading

  int variableCount() {
    return model.countVariables();
  }

  int integerCount() {
    return integerCount;
  }

  int constraintCount() {
    return constraintCount;
  }

  /** Our objective for a vector of variable values (the model's objective plus its constant). */
  double objective(double[] v) {
    double o = objectiveConstant;
    for (Res r : reservations) o -= r.alpha * val(v, r.root.placed);
    double lambda = options.preemptionWeight();
    if (lambda > 0) {
      for (AtomVar a : atoms) {
        if (a.y == null) continue;
        for (Variable y : a.y) o += lambda * val(v, y);
      }
    }
    return o;
  }

  /**
   * A solver's solution with its numerical noise removed: integer variables rounded, and the
   * continuous ones (support, start-count and rounding variables, all integral at a vertex of an
   * integer solution) rounded when within 1e-6 of a whole number. Returns a new array.
   */
  double[] snap(double[] v) {
    double[] out = v.clone();
    List<Variable> vars = model.getVariables();
    for (int j = 0; j < out.length && j < vars.size(); j++) {
      double r = Math.rint(out[j]);
      if (vars.get(j).isInteger() || Math.abs(out[j] - r) <= 1e-6) out[j] = r;
    }
    return out;
  }

  double objectiveConstant() {
    return objectiveConstant;
  }

  static double val(double[] v, Variable x) {
    return v[x.getIndex().index];
  }

  /**
   * A solution read back onto the plan's grid: per reservation, accepted or not, and its
   * allocation.
   */
  record Reading(boolean[] accepted, List<ReservationAllocation> allocations) {}

  Reading read(double[] v) {
    boolean[] acc = new boolean[reservations.size()];
    List<ReservationAllocation> allocs = new ArrayList<>();
    for (int i = 0; i < reservations.size(); i++) {
      Res r = reservations.get(i);
      acc[i] = val(v, r.root.placed) > 0.5;
      if (!acc[i]) {
        allocs.add(null);
        continue;
      }
      Map<String, List<Step>> byOrigin = new LinkedHashMap<>();
      Map<String, Resources> bundles = new HashMap<>();
      for (AtomVar a : r.root.atomsBelow) {
        if (val(v, a.node.placed) <= 0.5) continue;
        byOrigin.computeIfAbsent(a.origin, k -> new ArrayList<>()).addAll(planSteps(a, v));
        bundles.put(a.origin, a.atom.bundle());
      }
      List<AtomAllocation> list = new ArrayList<>();
      for (Map.Entry<String, List<Step>> e : byOrigin.entrySet()) {
        list.add(new AtomAllocation(e.getKey(), bundles.get(e.getKey()), sum(e.getValue())));
      }
      allocs.add(new ReservationAllocation(r.request.id(), list));
    }
    return new Reading(acc, allocs);
  }

  /**
   * The sum of possibly overlapping steps (the pieces of a rewritten gang atom) as a step function.
   */
  private static List<Step> sum(List<Step> steps) {
    TreeMap<Long, Long> delta = new TreeMap<>();
    for (Step s : steps) {
      delta.merge(s.start(), s.bundles(), Long::sum);
      delta.merge(s.end(), -s.bundles(), Long::sum);
    }
    List<Step> out = new ArrayList<>();
    long cur = 0;
    Long from = null;
    for (Map.Entry<Long, Long> e : delta.entrySet()) {
      if (from != null && cur > 0 && e.getKey() > from) out.add(new Step(from, e.getKey(), cur));
      cur += e.getValue();
      from = e.getKey();
    }
    return AtomAllocation.canonical(out);
  }

  /**
   * Maps an atom's model-step gang counts to plan steps: every model step m covers plan steps [m
   * grid, (m+1) grid); the rounding excess r_j is trimmed from the latest plan steps.
   */
  private List<Step> planSteps(AtomVar a, double[] v) {
    if (a.n == null || a.length() == 0) return List.of();
    long[] perPlanStep = new long[a.length() * grid];
    long total = 0;
    for (int t = 0; t < a.length(); t++) {
      long b = Math.round(val(v, a.n[t])) * a.gang;
      for (int k = 0; k < grid; k++) perPlanStep[t * grid + k] = b;
      total += b * grid;
    }
    long excess = total - a.atom.work();
    for (int i = perPlanStep.length - 1; i >= 0 && excess > 0; i--) {
      long cut = Math.min(excess, perPlanStep[i]);
      perPlanStep[i] -= cut;
      excess -= cut;
    }
    List<Step> out = new ArrayList<>();
    long base = (long) a.lo * grid;
    for (int i = 0; i < perPlanStep.length; i++) {
      if (perPlanStep[i] > 0) out.add(new Step(base + i, base + i + 1, perPlanStep[i]));
    }
    return AtomAllocation.canonical(out);
  }

  // ---- warm start

  /**
   * Variable values that encode the given accepted allocations (by reservation id; missing or
   * unrepresentable ones are encoded as rejected), or null when the model cannot take a start
   * (rejection not allowed and something missing). Only exact on the plan's own grid; on a coarser
   * grid an allocation is representable only if it is constant over every model step.
   */
  double[] warmStart(Map<String, ReservationAllocation> accepted) {
    double[] v = new double[model.countVariables()];
    for (Res r : reservations) {
      ReservationAllocation alloc = accepted.get(r.request.id());
      Map<Variable, Double> vals = alloc == null ? null : encode(r, alloc);
      if (vals == null) {
        if (!options.allowRejection()) return null;
        continue;
      }
      for (Map.Entry<Variable, Double> e : vals.entrySet())
        v[e.getKey().getIndex().index] = e.getValue();
    }
    return v;
  }

  private Map<Variable, Double> encode(Res r, ReservationAllocation alloc) {
    Map<String, AtomAllocation> byPath = new HashMap<>();
    for (AtomAllocation a : alloc.atoms()) byPath.put(a.path(), a);
    Map<Variable, Double> vals = new HashMap<>();
    Map<AtomVar, long[]> gangs = new HashMap<>();
    if (!encodeNode(r.root, true, byPath, vals, gangs)) return null;
    for (Map.Entry<AtomVar, long[]> e : gangs.entrySet()) {
      AtomVar a = e.getKey();
      long[] n = e.getValue();
      long total = 0;
      for (int t = 0; t < n.length; t++) {
        vals.put(a.n[t], (double) n[t]);
        total += n[t] * a.gang * (long) grid;
      }
      if (a.r != null)
        vals.put(
            a.r,
            (double) (total - (vals.getOrDefault(a.node.placed, 0.0) > 0.5 ? a.atom.work() : 0)));
      if (a.y != null) {
        for (int t = 0; t <= n.length; t++) {
          long cur = t < n.length ? n[t] : 0;
          long prev = t > 0 ? n[t - 1] : 0;
          vals.put(a.y[t], (double) Math.abs(cur - prev) * a.gang);
        }
      }
      if (a.u != null) {
        for (int t = 0; t < n.length; t++)
          vals.put(a.u[t], (double) Math.max(0, n[t] - (t > 0 ? n[t - 1] : 0)));
      }
    }
    // start/finish indicators from the activity below every order child
    encodeOrderIndicators(r.root, gangs, vals);
    return vals;
  }

  private boolean encodeNode(
      Node node,
      boolean placed,
      Map<String, AtomAllocation> byPath,
      Map<Variable, Double> vals,
      Map<AtomVar, long[]> gangs) {
    vals.merge(node.placed, placed ? 1.0 : 0.0, Math::max);
    if (node.atom != null) {
      AtomVar a = node.atom;
      long[] n = new long[a.length()];
      gangs.put(a, n);
      if (!placed) return true;
      // the pieces of a rewritten gang atom cannot be recovered from the atom's allocation
      if (a.rewritten) return false;
      AtomAllocation al = byPath.get(a.path);
      if (a.atom.work() == 0) return al == null || al.isEmpty();
      if (al == null || al.isEmpty()) return false;
      for (Step s : al.steps()) {
        if (s.bundles() % a.gang != 0) return false;
        for (long t = s.start(); t < s.end(); t++) {
          long m = t / grid;
          if (m < a.lo || m >= a.hi) return false;
          long g = s.bundles() / a.gang;
          int idx = (int) (m - a.lo);
          if (t % grid == 0) n[idx] = g;
          else if (n[idx] != g) return false;
        }
      }
      for (long g : n) if (g > a.maxGangs) return false;
      long total = 0;
      for (long g : n) total += g * a.gang * (long) grid;
      return total >= a.atom.work() && total - a.atom.work() <= (long) a.gang * grid - 1;
    }
    if (node.expr instanceof Rdl.Any) {
      int chosen = -1;
      if (placed) {
        for (int i = 0; i < node.children.size() && chosen < 0; i++) {
          for (AtomVar a : node.children.get(i).atomsBelow) {
            AtomAllocation al = byPath.get(a.path);
            if (al != null && !al.isEmpty()) {
              chosen = i;
              break;
            }
          }
        }
        if (chosen < 0) chosen = 0;
      }
      for (int i = 0; i < node.children.size(); i++) {
        if (!encodeNode(node.children.get(i), i == chosen, byPath, vals, gangs)) return false;
      }
      return true;
    }
    for (Node c : node.children) if (!encodeNode(c, placed, byPath, vals, gangs)) return false;
    return true;
  }

  private void encodeOrderIndicators(
      Node node, Map<AtomVar, long[]> gangs, Map<Variable, Double> vals) {
    for (Node c : node.children) {
      if (c.start != null) {
        int len = c.start.length;
        int first = Integer.MAX_VALUE;
        int last = -1;
        for (AtomVar a : c.atomsBelow) {
          long[] n = gangs.get(a);
          if (n == null) continue;
          for (int t = 0; t < n.length; t++) {
            if (n[t] > 0) {
              first = Math.min(first, a.lo + t);
              last = Math.max(last, a.lo + t);
            }
          }
        }
        for (int t = 0; t < len; t++) {
          int step = c.sfLo + t;
          vals.put(c.start[t], step >= first ? 1.0 : 0.0);
          vals.put(c.finish[t], step <= last ? 1.0 : 0.0);
        }
      }
      encodeOrderIndicators(c, gangs, vals);
    }
  }

  /**
   * Rejection cost α_j = (1 + max(0, priority_j)) · max(1, (1.5 + 2λ) W_j) with W_j the
   * reservation's work ({@link Rdl#totalWork}, an any counting its largest alternative) in model
   * bundle-steps. It exceeds w_j and the largest preemption cost the reservation can cause itself
   * (Σ_t y ≤ 2 Σ_t x = 2 W_j), and is proportional to the work, so without preemption term the MILP
   * maximises the priority-weighted accepted work.
   */
  static double alpha(ReservationRequest rq, double lambda, int grid) {
    long w = ceilDiv(Math.max(0, rq.rdl().totalWork()), grid);
    return (1 + Math.max(0, rq.priority())) * Math.max(1.0, (1.5 + 2 * lambda) * w);
  }

  static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }
}
