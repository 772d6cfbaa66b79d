package io.rayon.engine.plan;

import io.rayon.model.cluster.CapacityChange;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiConsumer;

/**
 * The plan (agenda): cluster capacity over time and the allocation of every accepted reservation.
 *
 * <p>The record of truth is run-length encoded: the capacity is the cluster's capacity plus the
 * {@link CapacityChange}s (exposed as the canonical {@link StepFunction} {@link
 * #capacitySkyline()}), and each reservation keeps its {@link ReservationAllocation} (run-length
 * steps per atom; {@link #skylineOf}). For fast queries the plan also maintains, incrementally on
 * every edit, dense per-step arrays of capacity and allocation per resource dimension, so {@link
 * #free(int, long)} is an array read and {@link #minFree} a linear scan without allocation. A
 * bitset marks the steps where the free capacity differs from the step before in some dimension, so
 * {@link #runStart} finds the start of a run of equal free capacity in a few word reads and
 * planners can scan a plan per run rather than per step.
 *
 * <p>The allocation arrays are kept in blocks of {@value #BLOCK} steps: the allocation at step t is
 * {@code alloc[d][t] + lazy[d][t / BLOCK]}. Adding a block of bundles to {@code [lo, hi)} writes
 * the whole blocks it covers once each and only the steps of the partial blocks at its two ends
 * (the per-user arrays are kept the same way), so committing a long reservation costs its length
 * over {@value #BLOCK} plus at most {@code 2 × BLOCK} steps, not its length (at one-second steps a
 * three-hour reservation covers 10,800 steps). That short path is taken while no step is over
 * capacity (then an addition that fits cannot make one over, and a removal cannot either);
 * otherwise the edit walks its steps to keep the count of over-capacity steps exact.
 *
 * <p>Steps outside {@code [0, horizon())} have zero capacity; allocations there are kept in the
 * reservation's record (so {@link PlanValidator} can report them) but not in the dense arrays.
 *
 * <p>Not thread-safe: the reservation system owns the plan; give other threads a {@link #copy()}.
 */
public final class Plan implements PlanEdit {
  /** Longest horizon the dense arrays accept. */
  public static final long MAX_HORIZON = 20_000_000L;

  private final int horizon;
  private final long stepSeconds;
  private Resources baseCapacity;
  private final List<CapacityChange> changes;
  private String[] dims;

  /** {@link #dims} as the unmodifiable list {@link #dimensions} answers, made when they change. */
  private List<String> dimList;

  private long[][] cap;

  /** Per dimension and step, the allocation less its block's share in {@link #lazy}. */
  private long[][] alloc;

  /** Steps per block of {@link #lazy}. */
  static final int BLOCK = 64;

  /**
   * Per dimension and block of {@value #BLOCK} steps, an amount allocated at every step of the
   * block (added when an edit covers the whole block).
   */
  private long[][] lazy;

  /**
   * Bit t set: the free capacity at step t differs from step t-1 in some dimension; bit 0 always
   * set.
   */
  private long[] edges;

  /**
   * Bit t set: the capacity at step t differs from step t-1 in some dimension; bit 0 always set.
   */
  private long[] capEdges;

  /**
   * Per user, dense arrays like {@code alloc}; built on the first question about users (planning
   * without a sharing policy never asks, and then commits skip this bookkeeping), then kept up to
   * date.
   */
  private final Map<String, Held> byUser;

  /**
   * What one user holds, per dimension and step, in blocks like the plan's allocation: {@code
   * a[d][t] + z[d][t / BLOCK]}.
   */
  private record Held(long[][] a, long[][] z) implements StepValue {
    Held(int dims, int horizon) {
      this(new long[dims][horizon], new long[dims][(horizon >>> 6) + 1]);
    }

    @Override
    public long at(int d, int t) {
      return a[d][t] + z[d][t >>> 6];
    }

    Held copy() {
      return new Held(deepCopy(a), deepCopy(z));
    }
  }

  /** A value per dimension and step inside the horizon: what the edge bits and vectors read. */
  private interface StepValue {
    long at(int d, int t);
  }

  /** The capacity and the allocation as {@link StepValue}s. */
  private final StepValue capValue = (d, t) -> cap[d][t];

  private final StepValue usedValue = this::used;

  /**
   * Per user in {@link #byUser}: bit t set when what the user holds at step t differs from step t-1
   * in some dimension (bit 0 always set); kept with the arrays.
   */
  private final Map<String, long[]> userEdges;

  private boolean userIndex;

  /**
   * How many (dimension, step) pairs hold more than the capacity (after a capacity loss); kept up
   * to date on every edit, so {@link #knownWithinCapacity} answers in constant time.
   */
  private long overPairs;

  /**
   * Every accepted reservation by id, in the order added: its request and allocation in one entry,
   * so a commit or a removal updates one map, not two.
   */
  private final LinkedHashMap<String, Reservation> reservations;

  /** One accepted reservation: the request and the allocation the plan holds for it. */
  private record Reservation(ReservationRequest request, ReservationAllocation allocation) {}

  /**
   * The share {@link #reservationsBelow} was last asked for ({@code NaN}: never, or the capacity
   * changed since), and how many reservations are below it: counted on the first question, then
   * kept up to date by every insert and remove, so the question costs nothing while the share asked
   * stays the same.
   */
  private double belowShare = Double.NaN;

  private int belowCount;

  private Plan(long horizon, long stepSeconds, Resources capacity, List<CapacityChange> changes) {
    if (horizon < 1 || horizon > MAX_HORIZON) {
      throw new IllegalArgumentException(
          "plan horizon must be between 1 and "
              + MAX_HORIZON
              + " steps, got "
              + horizon
              + "; maybe use a longer step length");
    }
    if (stepSeconds < 1)
      throw new IllegalArgumentException("step length must be positive, got " + stepSeconds);
    this.horizon = (int) horizon;
    this.stepSeconds = stepSeconds;
    this.baseCapacity = capacity;
    this.changes = new ArrayList<>();
    this.byUser = new HashMap<>();
    this.userEdges = new HashMap<>();
    this.reservations = new LinkedHashMap<>();
    TreeSet<String> extras = new TreeSet<>(capacity.extras().keySet());
    for (CapacityChange c : changes) extras.addAll(c.delta().extras().keySet());
    List<String> d = new ArrayList<>(List.of("memoryMB", "vcores"));
    d.addAll(extras);
    this.dims = d.toArray(new String[0]);
    this.dimList = List.of(dims);
    this.cap = new long[dims.length][this.horizon];
    this.alloc = new long[dims.length][this.horizon];
    this.lazy = new long[dims.length][(this.horizon >>> 6) + 1];
    for (int i = 0; i < dims.length; i++) Arrays.fill(cap[i], capacity.get(dims[i]));
    for (CapacityChange c : changes) changeCapacity(c);
    this.edges = new long[(this.horizon >>> 6) + 1];
    this.capEdges = new long[(this.horizon >>> 6) + 1];
    for (int t = 0; t < this.horizon; t++) {
      fixEdge(t);
      fixCapacityEdge(t);
    }
  }

  private Plan(Plan o) {
    this.horizon = o.horizon;
    this.stepSeconds = o.stepSeconds;
    this.baseCapacity = o.baseCapacity;
    this.changes = new ArrayList<>(o.changes);
    this.dims = o.dims.clone();
    this.dimList = o.dimList;
    this.cap = deepCopy(o.cap);
    this.alloc = deepCopy(o.alloc);
    this.lazy = deepCopy(o.lazy);
    this.edges = o.edges.clone();
    this.capEdges = o.capEdges.clone();
    this.byUser = new HashMap<>();
    o.byUser.forEach((k, v) -> byUser.put(k, v.copy()));
    this.userEdges = new HashMap<>();
    o.userEdges.forEach((k, v) -> userEdges.put(k, v.clone()));
    this.userIndex = o.userIndex;
    this.belowShare = o.belowShare;
    this.belowCount = o.belowCount;
    this.overPairs = o.overPairs;
    this.reservations = new LinkedHashMap<>(o.reservations);
  }

  private static long[][] deepCopy(long[][] a) {
    long[][] c = new long[a.length][];
    for (int i = 0; i < a.length; i++) c[i] = a[i].clone();
    return c;
  }

  /** An empty plan of constant capacity. */
  public static Plan empty(Resources capacity, long horizon, long stepSeconds) {
    return new Plan(horizon, stepSeconds, capacity, List.of());
  }

  /** An empty plan with the given capacity changes applied. */
  public static Plan empty(
      Resources capacity, List<CapacityChange> changes, long horizon, long stepSeconds) {
    return new Plan(horizon, stepSeconds, capacity, changes == null ? List.of() : changes);
  }

  /**
   * The empty plan of a scenario: the cluster's total capacity with its capacity changes, over the
   * scenario's horizon (or, when the scenario gives none, up to the latest window finish or arrival
   * of its reservations, at least one step), with its step length (60 s when unset).
   */
  public static Plan fromScenario(Scenario s) {
    return new Plan(
        horizonOf(s), stepSecondsOf(s), s.cluster().totalCapacity(), s.cluster().capacityChanges());
  }

  /** The horizon {@link #fromScenario} uses. */
  public static long horizonOf(Scenario s) {
    if (s.horizonSteps() > 0) return s.horizonSteps();
    long h = 1;
    for (ReservationRequest r : s.reservations()) {
      h = Math.max(h, r.arrival() + 1);
      h = Math.max(h, latestFinish(r.rdl(), r.arrival() + r.rdl().totalWork()));
    }
    return h;
  }

  private static long latestFinish(Rdl e, long fallback) {
    if (e instanceof Rdl.Window w) return w.finish();
    long m = -1;
    for (Rdl c : e.children()) m = Math.max(m, latestFinish(c, -1));
    return m < 0 ? fallback : m;
  }

  public static long stepSecondsOf(Scenario s) {
    return s.stepSeconds() > 0 ? s.stepSeconds() : 60;
  }

  // ---------------------------------------------------------------- read side

  @Override
  public long horizon() {
    return horizon;
  }

  @Override
  public long stepSeconds() {
    return stepSeconds;
  }

  @Override
  public List<String> dimensions() {
    return dimList;
  }

  private boolean inside(long step) {
    return step >= 0 && step < horizon;
  }

  private Resources vector(StepValue v, long step) {
    if (!inside(step)) return Resources.ZERO;
    int t = (int) step;
    if (dims.length == 2) return Resources.of(v.at(0, t), v.at(1, t));
    TreeMap<String, Long> e = new TreeMap<>();
    for (int i = 2; i < dims.length; i++) e.put(dims[i], v.at(i, t));
    return Resources.of(v.at(0, t), v.at(1, t), e);
  }

  @Override
  public Resources capacityAt(long step) {
    return vector(capValue, step);
  }

  @Override
  public Resources allocatedAt(long step) {
    return vector(usedValue, step);
  }

  /** The allocation of dimension {@code d} at step {@code t} (inside the horizon). */
  private long used(int d, int t) {
    return alloc[d][t] + lazy[d][t >>> 6];
  }

  /** The free capacity of dimension {@code d} at step {@code t} (inside the horizon). */
  private long freeInside(int d, int t) {
    return cap[d][t] - alloc[d][t] - lazy[d][t >>> 6];
  }

  @Override
  public Resources freeAt(long step) {
    return capacityAt(step).minus(allocatedAt(step));
  }

  @Override
  public long runStart(long step) {
    return inside(step) ? runStartInside((int) step) : step;
  }

  /** The step before the first edge bit after {@code step} (the horizon's last step when none). */
  @Override
  public long runEnd(long step) {
    return inside(step) ? runEnd(edges, (int) step) : step;
  }

  /** The step before the first capacity edge bit after {@code step}. */
  @Override
  public long capacityRunEnd(long step) {
    return inside(step) ? runEnd(capEdges, (int) step) : step;
  }

  /**
   * The step before the first edge bit of the user's arrays after {@code step}; a user who holds
   * nothing holds nothing up to the horizon's last step.
   */
  @Override
  public long userRunEnd(String user, long step) {
    if (!inside(step)) return step;
    userIndex();
    long[] e = userEdges.get(user);
    return e == null ? horizon - 1 : runEnd(e, (int) step);
  }

  /** Counted from the edge bits, one word (64 steps) at a time: exact. */
  @Override
  public long runCount(String user, long from, long to) {
    long lo = Math.max(0, from);
    long hi = Math.min(horizon, to);
    if (lo >= hi) return 0;
    if (lo + 1 >= hi) return 1;
    userIndex();
    long[] u = userEdges.get(user);
    // the run at lo, plus one per step in (lo, hi) where the holdings or the capacity change
    int first = (int) lo + 1;
    int lastStep = (int) hi - 1;
    int w0 = first >>> 6;
    int w1 = lastStep >>> 6;
    long n = 1;
    for (int w = w0; w <= w1; w++) {
      long word = capEdges[w] | (u == null ? 0 : u[w]);
      if (w == w0) word &= -1L << (first & 63);
      if (w == w1) word &= -1L >>> (63 - (lastStep & 63));
      n += Long.bitCount(word);
    }
    return n;
  }

  /** The step before the first set bit of {@code bits} after {@code step} (horizon - 1 if none). */
  private long runEnd(long[] bits, int step) {
    int t = step + 1;
    if (t >= horizon) return horizon - 1;
    int w = t >>> 6;
    long word = bits[w] & (-1L << (t & 63));
    while (word == 0) {
      if (++w >= bits.length) return horizon - 1;
      word = bits[w];
    }
    long next = ((long) w << 6) + Long.numberOfTrailingZeros(word);
    return Math.min(horizon, next) - 1;
  }

  /** {@link #runStart} for a step inside the horizon: the last edge bit at or before it. */
  private int runStartInside(int t) {
    int w = t >>> 6;
    long word = edges[w] & (-1L >>> (63 - (t & 63)));
    while (word == 0) word = edges[--w];
    return (w << 6) + 63 - Long.numberOfLeadingZeros(word);
  }

  /** Read run by run: one array read per run of equal free capacity in the range. */
  @Override
  public long minFree(int dim, long from, long to) {
    if (to <= from) return Long.MAX_VALUE;
    if (from < 0 || to > horizon)
      return Math.min(0, minFree(dim, Math.max(0, from), Math.min(horizon, to)));
    long[] c = cap[dim];
    long[] a = alloc[dim];
    long[] z = lazy[dim];
    long m = Long.MAX_VALUE;
    for (int t = (int) to - 1; t >= from; t = runStartInside(t) - 1)
      m = Math.min(m, c[t] - a[t] - z[t >>> 6]);
    return m;
  }

  /** Read run by run, every dimension at once, right to left, stopping at the first shortfall. */
  @Override
  public boolean fitsEverywhere(long[] need, long from, long to) {
    if (to <= from) return true;
    if (from < 0 || to > horizon) {
      for (long n : need) if (n > 0) return false;
    }
    int lo = (int) Math.max(0, from);
    int dn = Math.min(need.length, dims.length);
    for (int t = (int) Math.min(horizon, to) - 1; t >= lo; t = runStartInside(t) - 1) {
      for (int d = 0; d < dn; d++) {
        if (need[d] >= 0 && freeInside(d, t) < need[d]) return false;
      }
    }
    for (int d = dn; d < need.length; d++) if (need[d] > 0) return false;
    return true;
  }

  /**
   * The first step of {@code [from, to)}, read run by run upwards, that is short of {@code need}
   * ({@link #shortOf}) when {@code shortOnes}, or that is not when it is false; {@code to} when
   * there is none. Steps outside the horizon have no capacity. One read per run of equal free
   * capacity: the full-width atom scan's question ({@code AtomScans}), asked of the plan itself.
   */
  public long firstStep(long[] need, long from, long to, boolean shortOnes) {
    for (long t = from; t < to; ) {
      if (!inside(t)) {
        if (shortOutside(need) == shortOnes) return t;
        t = t < 0 ? Math.min(0, to) : to;
        continue;
      }
      if (shortOf(need, (int) t) == shortOnes) return t;
      t = runEnd(edges, (int) t) + 1;
    }
    return to;
  }

  /**
   * {@link #firstStep} read downwards: the last step of {@code [from, to)} that is short of {@code
   * need} when {@code shortOnes}, or that is not when it is false; {@code from - 1} when there is
   * none.
   */
  public long lastStep(long[] need, long from, long to, boolean shortOnes) {
    for (long t = to - 1; t >= from; ) {
      if (!inside(t)) {
        if (shortOutside(need) == shortOnes) return t;
        t = t >= horizon ? horizon - 1 : from - 1;
        continue;
      }
      if (shortOf(need, (int) t) == shortOnes) return t;
      t = runStartInside((int) t) - 1;
    }
    return from - 1;
  }

  /**
   * True when step {@code t} (inside the horizon) has less free capacity than {@code need[d]} in
   * some dimension d (a negative need is not read; a dimension the plan lacks has no capacity).
   */
  private boolean shortOf(long[] need, int t) {
    int dn = Math.min(need.length, dims.length);
    for (int d = 0; d < dn; d++) if (need[d] >= 0 && freeInside(d, t) < need[d]) return true;
    for (int d = dn; d < need.length; d++) if (need[d] > 0) return true;
    return false;
  }

  /** {@link #shortOf} outside the horizon, where nothing is free. */
  private static boolean shortOutside(long[] need) {
    for (long n : need) if (n > 0) return true;
    return false;
  }

  /**
   * Sets or clears the edge bit of step {@code t} from the arrays (bit 0 is always set): {@link
   * #fixBit} of the free capacity, read from the arrays directly rather than through a {@link
   * StepValue}, since it runs twice per step of every commit.
   */
  private void fixEdge(long step) {
    if (edges == null || step < 0 || step >= horizon) return;
    int t = (int) step;
    boolean differs = t == 0;
    for (int d = 0; d < dims.length && !differs; d++)
      differs = freeInside(d, t) != freeInside(d, t - 1);
    if (differs) edges[t >>> 6] |= 1L << (t & 63);
    else edges[t >>> 6] &= ~(1L << (t & 63));
  }

  /** Sets or clears the capacity edge bit of step {@code t} (bit 0 is always set). */
  private void fixCapacityEdge(long step) {
    fixBit(capEdges, step, capValue);
  }

  /**
   * Sets or clears bit {@code step} of {@code bits}: set when {@code v} differs at the step from
   * the step before in some dimension (bit 0 is always set); nothing while {@code bits} is not
   * built yet.
   */
  private void fixBit(long[] bits, long step, StepValue v) {
    if (bits == null || step < 0 || step >= horizon) return;
    int t = (int) step;
    boolean differs = t == 0;
    for (int d = 0; d < dims.length && !differs; d++) differs = v.at(d, t) != v.at(d, t - 1);
    if (differs) bits[t >>> 6] |= 1L << (t & 63);
    else bits[t >>> 6] &= ~(1L << (t & 63));
  }

  @Override
  public long free(int dim, long step) {
    if (!inside(step)) return 0;
    return freeInside(dim, (int) step);
  }

  /** Capacity of dimension number {@code dim} at the step (zero outside the horizon). */
  @Override
  public long capacity(int dim, long step) {
    return inside(step) ? cap[dim][(int) step] : 0;
  }

  @Override
  public long[] capacityRange(int dim, long from, long to) {
    return range(cap[dim], from, to);
  }

  @Override
  public long[] userAllocatedRange(String user, int dim, long from, long to) {
    Held u = userIndex().get(user);
    long[] out = new long[(int) Math.max(0, to - from)];
    if (u == null) return out;
    long[] a = u.a()[dim];
    long[] z = u.z()[dim];
    for (long t = Math.max(0, from); t < Math.min(horizon, to); t++)
      out[(int) (t - from)] = a[(int) t] + z[(int) t >>> 6];
    return out;
  }

  private long[] range(long[] a, long from, long to) {
    long[] out = new long[(int) Math.max(0, to - from)];
    long lo = Math.max(0, from);
    long hi = Math.min(horizon, to);
    if (lo < hi) System.arraycopy(a, (int) lo, out, (int) (lo - from), (int) (hi - lo));
    return out;
  }

  @Override
  public long userAllocated(String user, int dim, long step) {
    Held u = userIndex().get(user);
    return u == null || !inside(step) ? 0 : u.at(dim, (int) step);
  }

  @Override
  public Resources minFree(long from, long to) {
    if (to <= from) return Resources.ZERO;
    long lo = Math.max(0, from);
    long hi = Math.min(horizon, to);
    if (lo >= hi) return Resources.ZERO;
    Resources m = computeMin(lo, hi);
    // steps outside the horizon have no capacity: nothing is free there
    return lo != from || hi != to ? m.componentMin(Resources.ZERO) : m;
  }

  private Resources computeMin(long lo, long hi) {
    long[] m = new long[dims.length];
    Arrays.fill(m, Long.MAX_VALUE);
    for (int d = 0; d < dims.length; d++) {
      long[] c = cap[d];
      long[] a = alloc[d];
      long[] z = lazy[d];
      long v = Long.MAX_VALUE;
      for (int t = (int) lo; t < hi; t++) v = Math.min(v, c[t] - a[t] - z[t >>> 6]);
      m[d] = v;
    }
    TreeMap<String, Long> e = new TreeMap<>();
    for (int i = 2; i < dims.length; i++) e.put(dims[i], m[i]);
    return Resources.of(m[0], m[1], e);
  }

  @Override
  public Resources userAllocatedAt(String user, long step) {
    Held u = userIndex().get(user);
    return u == null ? Resources.ZERO : vector(u, step);
  }

  /** The users that hold at least one accepted reservation. */
  public Collection<String> users() {
    return Collections.unmodifiableSet(userIndex().keySet());
  }

  @Override
  public Collection<String> reservationIds() {
    return Collections.unmodifiableCollection(new ArrayList<>(reservations.keySet()));
  }

  /**
   * Calls {@code visit} with every accepted reservation's id and allocation, in the order added:
   * without the copy {@link #reservationIds} makes, nor a lookup per id. {@code visit} must not
   * change the plan.
   */
  public void forEachAllocation(BiConsumer<String, ReservationAllocation> visit) {
    for (Map.Entry<String, Reservation> e : reservations.entrySet())
      visit.accept(e.getKey(), e.getValue().allocation());
  }

  /** Without the copy {@link #reservationIds} makes. */
  @Override
  public int reservationCount() {
    return reservations.size();
  }

  public boolean contains(String reservationId) {
    return reservations.containsKey(reservationId);
  }

  @Override
  public ReservationAllocation allocationOf(String reservationId) {
    Reservation r = reservations.get(reservationId);
    return r == null ? null : r.allocation();
  }

  @Override
  public ReservationRequest requestOf(String reservationId) {
    Reservation r = reservations.get(reservationId);
    return r == null ? null : r.request();
  }

  /** The capacity changes applied to this plan, in the order they were applied. */
  public List<CapacityChange> capacityChanges() {
    return List.copyOf(changes);
  }

  /** Capacity over the horizon as a canonical step function (zero from {@code horizon()} on). */
  public StepFunction capacitySkyline() {
    return skyline(capValue);
  }

  /** Sum of every accepted allocation over the horizon as a canonical step function. */
  public StepFunction allocationSkyline() {
    return skyline(usedValue);
  }

  /** One reservation's resources over time, or the zero function when it is not in the plan. */
  public StepFunction skylineOf(String reservationId) {
    ReservationAllocation a = allocationOf(reservationId);
    return a == null ? StepFunction.ZERO : StepFunction.of(a.skyline());
  }

  /** The step function of {@code v} over the horizon. */
  private StepFunction skyline(StepValue v) {
    TreeMap<Long, Resources> m = new TreeMap<>();
    Resources last = null;
    for (int t = 0; t < horizon; t++) {
      boolean same = last != null;
      for (int d = 0; d < dims.length && same; d++) same = v.at(d, t) == v.at(d, t - 1);
      if (!same) {
        last = vector(v, t);
        m.put((long) t, last);
      }
    }
    m.put((long) horizon, Resources.ZERO);
    return StepFunction.of(m);
  }

  /**
   * Null when {@code a} fits in the free capacity at every step, else a sentence naming the first
   * step and dimension where it would exceed the capacity.
   */
  public String overcommit(ReservationAllocation a) {
    for (AtomAllocation at : a.atoms()) {
      for (Step s : at.steps()) {
        if (s.start() < 0 || s.end() > horizon) {
          return "atom "
              + at.path()
              + " holds bundles at steps ["
              + s.start()
              + ","
              + s.end()
              + ") outside the plan horizon [0,"
              + horizon
              + ")";
        }
      }
    }
    if (a.atoms().size() == 1) {
      // one atom: its steps do not overlap, so each step is checked against the free capacity alone
      AtomAllocation only = a.atoms().get(0);
      for (Step s : only.steps()) {
        String p = overcommit(s.start(), s.end(), only.bundle().times(s.bundles()));
        if (p != null) return p;
      }
      return null;
    }
    // sum the allocation's own demand per step first (atoms may overlap)
    TreeMap<Long, Resources> sky = a.skyline();
    Long prev = null;
    Resources prevVal = null;
    for (Map.Entry<Long, Resources> e : sky.entrySet()) {
      if (prev != null && !prevVal.isZero()) {
        String p = overcommit(prev, e.getKey(), prevVal);
        if (p != null) return p;
      }
      prev = e.getKey();
      prevVal = e.getValue();
    }
    return null;
  }

  private String overcommit(long from, long to, Resources need) {
    for (int d = 0; d < dims.length; d++) {
      long n = need.get(dims[d]);
      if (n <= 0) continue;
      // run by run, right to left (the free capacity is equal within a run); report the first step
      long first = -1;
      for (long t = to - 1; t >= from; ) {
        long s = Math.max(from, runStart(t));
        if (freeInside(d, (int) t) < n) first = s;
        t = s - 1;
      }
      if (first >= 0) {
        int t = (int) first;
        return "at step "
            + t
            + " "
            + dims[d]
            + " would need "
            + n
            + " but only "
            + freeInside(d, t)
            + " of "
            + cap[d][t]
            + " is free";
      }
    }
    for (String extra : need.extras().keySet()) {
      if (!Arrays.asList(dims).contains(extra)) {
        return "the cluster has no resource '" + extra + "'";
      }
    }
    return null;
  }

  /** True when {@code a} fits in the free capacity at every step. */
  public boolean fits(ReservationAllocation a) {
    return overcommit(a) == null;
  }

  /**
   * True when no step holds more than its capacity in any dimension: answered in constant time from
   * a count kept on every edit.
   */
  @Override
  public boolean knownWithinCapacity() {
    return overPairs == 0;
  }

  /** Steps where the allocation exceeds the capacity in some dimension (after a capacity loss). */
  public List<Long> overcommittedSteps() {
    List<Long> out = new ArrayList<>();
    for (int t = 0; t < horizon; t++) {
      for (int d = 0; d < dims.length; d++) {
        if (used(d, t) > cap[d][t]) {
          out.add((long) t);
          break;
        }
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- write side

  @Override
  public void add(ReservationRequest request, ReservationAllocation allocation) {
    checkAddable(request, allocation);
    insert(request, allocation);
  }

  /** The allocation must be the request's ({@link #insert} refuses an id already in the plan). */
  private void checkAddable(ReservationRequest request, ReservationAllocation allocation) {
    if (!request.id().equals(allocation.reservationId())) {
      throw new IllegalArgumentException(
          "allocation of '"
              + allocation.reservationId()
              + "' given for reservation '"
              + request.id()
              + "'");
    }
  }

  /**
   * {@link #add} after {@link #checkAddable}; true when some step it touches is now over capacity.
   * Refuses (changing nothing) a reservation whose id is already in the plan.
   */
  private boolean insert(ReservationRequest request, ReservationAllocation allocation) {
    if (reservations.putIfAbsent(request.id(), new Reservation(request, allocation)) != null) {
      throw new IllegalArgumentException(
          "reservation '" + request.id() + "' is already in the plan");
    }
    List<AtomAllocation> atoms = allocation.atoms();
    for (int i = 0; i < atoms.size(); i++) ensureDims(atoms.get(i).bundle());
    if (!Double.isNaN(belowShare) && shareOf(allocation) < belowShare) belowCount++;
    return apply(allocation, userIndex ? request.user() : null, 1);
  }

  /**
   * Adds the reservation when its allocation fits the free capacity at every step (in every
   * dimension, inside the horizon), and returns empty; otherwise leaves the plan as it was and
   * returns why it does not fit ({@link #overcommit}'s sentence). The check is made while the
   * allocation is added (one pass), and undone when it fails.
   */
  public Optional<String> addIfFits(ReservationRequest request, ReservationAllocation allocation) {
    // indexed loops over the allocation's immutable lists, here and in the commit's other passes:
    // no iterator object per list on every commit
    List<AtomAllocation> atoms = allocation.atoms();
    for (int i = 0; i < atoms.size(); i++) {
      List<Step> steps = atoms.get(i).steps();
      for (int j = 0; j < steps.size(); j++) {
        Step st = steps.get(j);
        if (st.start() < 0 || st.end() > horizon) return Optional.of(overcommit(allocation));
      }
    }
    checkAddable(request, allocation);
    if (!insert(request, allocation)) return Optional.empty();
    remove(request.id());
    String why = overcommit(allocation);
    return Optional.of(why != null ? why : "the allocation exceeds the free capacity");
  }

  /** The per-user arrays, built from the accepted reservations on first use. */
  private Map<String, Held> userIndex() {
    if (!userIndex) {
      userIndex = true;
      byUser.clear();
      userEdges.clear();
      for (Reservation r : reservations.values())
        applyToUser(r.allocation(), r.request().user(), 1);
    }
    return byUser;
  }

  @Override
  public boolean remove(String reservationId) {
    Reservation gone = reservations.remove(reservationId);
    if (gone == null) return false;
    ReservationRequest r = gone.request();
    ReservationAllocation a = gone.allocation();
    if (!Double.isNaN(belowShare) && shareOf(a) < belowShare) belowCount--;
    apply(a, userIndex ? r.user() : null, -1);
    if (!userIndex) return true;
    boolean userLeft = false;
    for (Reservation o : reservations.values()) {
      if (o.request().user().equals(r.user())) {
        userLeft = true;
        break;
      }
    }
    if (!userLeft) {
      byUser.remove(r.user());
      userEdges.remove(r.user());
    }
    return true;
  }

  /**
   * Adds (sign 1) or removes (-1) an allocation to or from the plan's arrays (and the user's, when
   * given); when adding, true if some step it touches is then over capacity in a dimension it uses.
   * That answer is read in the same pass as the write: a step the block touches is over capacity in
   * a dimension exactly when its new allocation there exceeds the capacity.
   */
  private boolean apply(ReservationAllocation allocation, String user, int sign) {
    boolean over = false;
    List<AtomAllocation> atoms = allocation.atoms();
    for (int i = 0; i < atoms.size(); i++) {
      AtomAllocation a = atoms.get(i);
      Resources bundle = a.bundle();
      List<Step> steps = a.steps();
      for (int j = 0; j < steps.size(); j++) {
        Step s = steps.get(j);
        int lo = (int) Math.max(0, s.start());
        int hi = (int) Math.min(horizon, s.end());
        if (lo >= hi || s.bundles() == 0) continue;
        // no step over capacity before: an addition makes one over only where it does not fit
        // (found run by run below), and a removal cannot; so the count stays, and the block path
        // applies
        boolean blocks = overPairs == 0;
        for (int d = 0; d < dims.length; d++) {
          long v = sign * need(bundle, d) * s.bundles();
          if (v == 0) continue;
          if (blocks) addBlocks(alloc[d], lazy[d], lo, hi, v);
          else overPairs += addSteps(d, lo, hi, v);
        }
        fixEdge(lo);
        fixEdge(hi);
        if (sign > 0) {
          boolean overHere = overInside(bundle, lo, hi);
          over |= overHere;
          if (blocks && overHere) overPairs += overCount(bundle, lo, hi);
        }
      }
    }
    if (user != null) applyToUser(allocation, user, sign);
    return over;
  }

  /**
   * What one bundle of {@code bundle} holds of dimension {@code d} of this plan: {@code
   * bundle.get(dims[d])}, the first two read from their fields (the plan's first two dimensions are
   * always memory and vcores), not looked up by name.
   */
  private long need(Resources bundle, int d) {
    return d == 0 ? bundle.memoryMB() : d == 1 ? bundle.vcores() : bundle.get(dims[d]);
  }

  /**
   * True when some step of {@code [lo, hi)} (inside the horizon, not empty) has less than nothing
   * free in a dimension {@code bundle} uses: {@link #fitsEverywhere} of a need of 0 in those
   * dimensions, read the same way (run by run, right to left), without building that need.
   */
  private boolean overInside(Resources bundle, int lo, int hi) {
    for (int t = hi - 1; t >= lo; t = runStartInside(t) - 1) {
      for (int d = 0; d < dims.length; d++) {
        if (freeInside(d, t) < 0 && need(bundle, d) > 0) return true;
      }
    }
    return false;
  }

  /** How many (dimension, step) pairs of {@code [lo, hi)} over capacity, in dimensions used. */
  private long overCount(Resources bundle, int lo, int hi) {
    long n = 0;
    for (int d = 0; d < dims.length; d++) {
      if (need(bundle, d) <= 0) continue;
      for (int t = lo; t < hi; t++) if (freeInside(d, t) < 0) n++;
    }
    return n;
  }

  /**
   * Adds {@code v} at every step of {@code [lo, hi)}: once per whole block of {@value #BLOCK} steps
   * in {@code z}, step by step in {@code a} over the partial blocks at the ends.
   */
  private static void addBlocks(long[] a, long[] z, int lo, int hi, long v) {
    int firstWhole = (lo + BLOCK - 1) >>> 6;
    int endWhole = hi >>> 6;
    if (firstWhole >= endWhole) {
      for (int t = lo; t < hi; t++) a[t] += v;
      return;
    }
    for (int t = lo; t < firstWhole << 6; t++) a[t] += v;
    for (int b = firstWhole; b < endWhole; b++) z[b] += v;
    for (int t = endWhole << 6; t < hi; t++) a[t] += v;
  }

  /**
   * Adds {@code v} to dimension {@code d} at every step of {@code [lo, hi)}, one step at a time;
   * returns the change in the number of steps over capacity there.
   */
  private long addSteps(int d, int lo, int hi, long v) {
    long[] al = alloc[d];
    long[] c = cap[d];
    long[] z = lazy[d];
    long overDelta = 0;
    for (int t = lo; t < hi; t++) {
      long x = al[t] + z[t >>> 6];
      if (x > c[t]) overDelta--;
      al[t] += v;
      if (x + v > c[t]) overDelta++;
    }
    return overDelta;
  }

  /**
   * Adds (sign 1) or removes (-1) an allocation to or from one user's arrays (created when
   * missing), and keeps the user's edge bits: a block changes every step of {@code [lo, hi)} by the
   * same amount, so only the bits at {@code lo} and {@code hi} can change.
   */
  private void applyToUser(ReservationAllocation allocation, String user, int sign) {
    // get, then put when missing: computeIfAbsent's lambdas capture this plan, one object each
    Held held = byUser.get(user);
    if (held == null) {
      held = new Held(dims.length, horizon);
      byUser.put(user, held);
    }
    long[] bits = userEdges.get(user);
    if (bits == null) {
      bits = new long[(horizon >>> 6) + 1];
      bits[0] = 1L;
      userEdges.put(user, bits);
    }
    List<AtomAllocation> atoms = allocation.atoms();
    for (int i = 0; i < atoms.size(); i++) {
      AtomAllocation a = atoms.get(i);
      Resources bundle = a.bundle();
      List<Step> steps = a.steps();
      for (int j = 0; j < steps.size(); j++) {
        Step s = steps.get(j);
        int lo = (int) Math.max(0, s.start());
        int hi = (int) Math.min(horizon, s.end());
        for (int d = 0; d < dims.length; d++) {
          long v = sign * need(bundle, d) * s.bundles();
          if (v == 0) continue;
          addBlocks(held.a()[d], held.z()[d], lo, hi, v);
        }
        fixUserBit(bits, lo, held);
        fixUserBit(bits, hi, held);
      }
    }
  }

  /**
   * {@link #fixBit} of what one user holds ({@code held}), read through {@code Held.at} directly
   * rather than through a {@link StepValue}, since it runs twice per step of every commit.
   */
  private void fixUserBit(long[] bits, long step, Held held) {
    if (step < 0 || step >= horizon) return;
    int t = (int) step;
    boolean differs = t == 0;
    for (int d = 0; d < dims.length && !differs; d++) differs = held.at(d, t) != held.at(d, t - 1);
    if (differs) bits[t >>> 6] |= 1L << (t & 63);
    else bits[t >>> 6] &= ~(1L << (t & 63));
  }

  /**
   * {@link PlanView#shareOfPlan} of an allocation, read from the capacity arrays without building
   * the capacity: the same number, bit for bit (the largest of the same quotients, times the same
   * work, over the same horizon).
   */
  private double shareOf(ReservationAllocation a) {
    long start = a.start();
    if (start < 0) return 0;
    int t = (int) Math.min(start, horizon - 1);
    double s = 0;
    List<AtomAllocation> atoms = a.atoms();
    for (int i = 0; i < atoms.size(); i++) {
      AtomAllocation atom = atoms.get(i);
      long w = atom.work();
      if (w <= 0) continue;
      Resources bundle = atom.bundle();
      double dominant = 0;
      for (int d = 0; d < dims.length; d++) {
        long c = cap[d][t];
        if (c > 0) dominant = Math.max(dominant, (double) need(bundle, d) / c);
      }
      s += w * dominant;
    }
    return s / horizon;
  }

  @Override
  public int reservationsBelow(double share) {
    if (Double.compare(share, belowShare) != 0) {
      int n = 0;
      for (Reservation r : reservations.values()) if (shareOf(r.allocation()) < share) n++;
      belowShare = share;
      belowCount = n;
    }
    return belowCount;
  }

  @Override
  public void changeCapacity(CapacityChange change) {
    // the shares are read against the capacity: counted again when asked (0 is the count below NaN)
    belowShare = Double.NaN;
    belowCount = 0;
    ensureDims(change.delta());
    int from = (int) Math.max(0, Math.min(horizon, change.step()));
    for (int d = 0; d < dims.length; d++) {
      long v = change.delta().get(dims[d]);
      if (v >= 0) continue;
      for (int t = from; t < horizon; t++) {
        if (cap[d][t] + v < 0) {
          throw new IllegalArgumentException(
              "the capacity change at step "
                  + change.step()
                  + (change.reason() == null || change.reason().isBlank()
                      ? ""
                      : " (" + change.reason() + ")")
                  + " removes "
                  + (-v)
                  + " "
                  + dims[d]
                  + " but step "
                  + t
                  + " has only "
                  + cap[d][t]);
        }
      }
    }
    changes.add(change);
    for (int d = 0; d < dims.length; d++) {
      long v = change.delta().get(dims[d]);
      if (v == 0) continue;
      long[] c = cap[d];
      long[] al = alloc[d];
      long[] z = lazy[d];
      for (int t = from; t < horizon; t++) {
        long x = al[t] + z[t >>> 6];
        if (x > c[t]) overPairs--;
        c[t] += v;
        if (x > c[t]) overPairs++;
      }
    }
    fixEdge(from);
    fixCapacityEdge(from);
  }

  private void ensureDims(Resources r) {
    if (r.extras().isEmpty()) return;
    List<String> missing = new ArrayList<>();
    for (String k : r.extras().keySet()) if (!Arrays.asList(dims).contains(k)) missing.add(k);
    if (missing.isEmpty()) return;
    TreeSet<String> extras = new TreeSet<>();
    for (int i = 2; i < dims.length; i++) extras.add(dims[i]);
    extras.addAll(missing);
    List<String> nd = new ArrayList<>(List.of("memoryMB", "vcores"));
    nd.addAll(extras);
    String[] newDims = nd.toArray(new String[0]);
    cap = remap(cap, newDims);
    alloc = remap(alloc, newDims);
    lazy = remap(lazy, newDims);
    byUser.replaceAll((k, v) -> new Held(remap(v.a(), newDims), remap(v.z(), newDims)));
    dims = newDims;
    dimList = List.of(newDims);
  }

  private long[][] remap(long[][] a, String[] newDims) {
    long[][] out = new long[newDims.length][];
    List<String> old = Arrays.asList(dims);
    for (int i = 0; i < newDims.length; i++) {
      int j = old.indexOf(newDims[i]);
      out[i] = j >= 0 ? a[j] : new long[a[0].length];
    }
    return out;
  }

  @Override
  public Plan copy() {
    return new Plan(this);
  }

  /** A copy with the same capacity (and capacity changes) but no reservations. */
  public Plan emptyCopy() {
    Plan p = new Plan(horizon, stepSeconds, baseCapacity, List.of());
    for (CapacityChange c : changes) p.changeCapacity(c);
    return p;
  }

  @Override
  public String toString() {
    return "Plan[horizon="
        + horizon
        + ", stepSeconds="
        + stepSeconds
        + ", reservations="
        + reservations.size()
        + ", capacity="
        + capacitySkyline()
        + "]";
  }
}
