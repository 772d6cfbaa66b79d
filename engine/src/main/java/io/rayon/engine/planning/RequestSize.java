package io.rayon.engine.planning;

import io.rayon.engine.plan.PlanView;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;

/**
 * How big a request is against the room its window offers, for {@link GreelPlusPlanner}'s admission
 * ({@code max-room-share}, {@code room-share-below}) and its exact shortcut for requests that
 * cannot fit, and for bounded repair's {@link RepairPick#ENOUGH} (its window and work; not paper
 * notions; ours). One walk over the expression and one read of the window's free capacity, run by
 * run.
 */
public final class RequestSize {
  private RequestSize() {}

  /**
   * The request's work over the free room of its window, both in capacity-steps: the work is the
   * sum over its atoms of work × the bundle's dominant share of the capacity (read at the window's
   * first step; an {@code any} counts its biggest alternative), the room the sum over the window's
   * steps of the least free share over the dimensions (read run by run). The window is the
   * request's arrival (at least 0) to the plan's horizon, narrowed by the windows that enclose the
   * whole expression; windows deeper inside are not read. 0.25 means the request would take a
   * quarter of what is left; {@link Double#POSITIVE_INFINITY} when nothing is left.
   */
  static double shareOfRoom(PlanView plan, ReservationRequest request) {
    return new WindowRoom(plan, request).shareOfRoom();
  }

  /**
   * The request's work over the plan's whole capacity, both in capacity-steps: the work as for
   * {@link #shareOfRoom} (read at the window's first step), over the horizon (the capacity counted
   * as 1 at every step, whatever is allocated). 0.003 means 0.3% of everything the plan can hold;
   * the same request is a bigger share of a shorter or smaller plan.
   */
  static double shareOfPlan(PlanView plan, ReservationRequest request) {
    long[] win = window(plan, request);
    if (plan.horizon() <= 0) return Double.POSITIVE_INFINITY;
    long at = Math.max(0, Math.min(win[0], plan.horizon() - 1));
    return work(inner(request.rdl()), plan.capacityAt(at)) / plan.horizon();
  }

  /**
   * The free share of the request's window: the least free share over the dimensions, averaged over
   * the window's steps (read run by run; the window as for {@link #shareOfRoom}), in [0, 1]. 0 when
   * the window is empty or full, 1 when nothing is allocated in it.
   */
  static double freeShare(PlanView plan, ReservationRequest request) {
    return new WindowRoom(plan, request).freeShare();
  }

  /**
   * A request's window on one plan state, with its free room read at most once: {@link #freeShare}
   * and {@link #shareOfRoom} of the same request on the same plan read the same room, so a caller
   * that needs both (greel-plus's admission, then its crowded reserve) walks the window once. The
   * numbers are those of the static methods, bit for bit (the same sum in the same order). Valid
   * while the plan does not change.
   */
  static final class WindowRoom {
    private final PlanView plan;
    private final ReservationRequest request;
    private final long from;
    private final long to;
    private boolean read;
    private double room;

    WindowRoom(PlanView plan, ReservationRequest request) {
      this.plan = plan;
      this.request = request;
      long[] win = window(plan, request);
      this.from = win[0];
      this.to = win[1];
    }

    /** The window's first step: the request's earliest start ({@link RequestSize#window}). */
    long from() {
      return from;
    }

    /** The window's room in capacity-steps ({@link RequestSize#room}); 0 for an empty window. */
    private double room() {
      if (!read) {
        room = to <= from ? 0 : RequestSize.room(plan, from, to);
        read = true;
      }
      return room;
    }

    /** {@link RequestSize#freeShare}. */
    double freeShare() {
      return to <= from ? 0 : room() / (to - from);
    }

    /**
     * {@code freeShare() < below}, reading the window only until the answer is known: the room is
     * summed run by run in the same order as {@link #freeShare}, and a sum of non-negative terms
     * only grows, so once the part read is a share of at least {@code below} the whole is too (the
     * window is not crowded) and the rest is not read. The same answer as {@code freeShare() <
     * below}; the room is kept for {@link #freeShare} only when the whole window was read.
     */
    boolean freeShareBelow(double below) {
      if (read || to <= from) return freeShare() < below;
      double r = RequestSize.room(plan, from, to, below);
      if (r / (to - from) >= below) return false;
      room = r; // read to the end: the whole window's room
      read = true;
      return true;
    }

    /** {@link RequestSize#shareOfRoom}. */
    double shareOfRoom() {
      if (to <= from) return Double.POSITIVE_INFINITY;
      double work = work(inner(request.rdl()), plan.capacityAt(from));
      double r = room();
      return r <= 0 ? Double.POSITIVE_INFINITY : work / r;
    }
  }

  /** The sum over [from, to) of the least free share over the dimensions, in capacity-steps. */
  private static double room(PlanView plan, long from, long to) {
    return room(plan, from, to, Double.POSITIVE_INFINITY);
  }

  /**
   * {@link #room(PlanView, long, long)}, summed in the same order but stopped after the first run
   * where the sum so far, over the window's length, is at least {@code stopShare} (never with
   * {@link Double#POSITIVE_INFINITY}); with from &lt; to.
   */
  private static double room(PlanView plan, long from, long to, double stopShare) {
    int dims = plan.dimensions().size();
    long len = to - from;
    double room = 0;
    for (long t = from; t < to; ) {
      long end = Math.min(to, plan.runEnd(t) + 1);
      double f = 1;
      for (int d = 0; d < dims; d++) {
        long cap = plan.capacity(d, t);
        if (cap > 0) f = Math.min(f, (double) plan.free(d, t) / cap);
      }
      room += Math.max(0, f) * (end - t);
      if (room / len >= stopShare) return room;
      t = end;
    }
    return room;
  }

  /**
   * The fewest steps the expression can take from its start to its end, whatever the room: an atom
   * its work held at its full width, max(l, ceil((w/g) / floor(h/g))) (0 with no work or no width);
   * an {@code order} the sum of its children's, an {@code all} the longest, an {@code any} the
   * shortest; windows are read through. Not a paper notion: greel-plus's {@code max-stretch}
   * measures a placement's end after the request's earliest start against it.
   */
  public static long shortestLength(Rdl e) {
    e = inner(e);
    if (e instanceof Rdl.Atom a) {
      long g = Math.max(1, a.gang());
      long units = a.maxParallelism() / g;
      long q = a.work() / g;
      if (q <= 0 || units <= 0) return 0;
      return Math.max(a.minLease(), (q + units - 1) / units);
    }
    boolean any = e instanceof Rdl.Any;
    boolean order = e instanceof Rdl.Order;
    long r = any ? Long.MAX_VALUE : 0;
    for (Rdl c : e.children()) {
      long m = shortestLength(c);
      if (order) r = m > Long.MAX_VALUE - r ? Long.MAX_VALUE : r + m;
      else if (any) r = Math.min(r, m);
      else r = Math.max(r, m);
    }
    return any && r == Long.MAX_VALUE ? 0 : r;
  }

  /** The expression inside the windows that enclose all of it. */
  private static Rdl inner(Rdl e) {
    while (e instanceof Rdl.Window w) e = w.expr();
    return e;
  }

  /**
   * [from, to) of the request's window: the arrival (at least 0) to the horizon, narrowed by the
   * windows enclosing the whole expression (windows deeper inside are not read); empty when to
   * &lt;= from.
   */
  public static long[] window(PlanView plan, ReservationRequest request) {
    return window(plan.horizon(), request);
  }

  /** {@link #window(PlanView, ReservationRequest)} for a plan of this horizon. */
  public static long[] window(long horizon, ReservationRequest request) {
    long from = Math.max(0, request.arrival());
    long to = horizon;
    Rdl e = request.rdl();
    while (e instanceof Rdl.Window w) {
      from = Math.max(from, w.start());
      to = Math.min(to, w.finish());
      e = w.expr();
    }
    return new long[] {from, to};
  }

  /**
   * The expression's work in capacity-steps: the sum over its atoms of work × the bundle's dominant
   * share of {@code cap}; an {@code any} counts its biggest alternative.
   */
  public static double work(Rdl e, Resources cap) {
    e = inner(e);
    if (e instanceof Rdl.Atom a) {
      double s = a.bundle().dominantShare(cap);
      return s * a.work();
    }
    if (e instanceof Rdl.Any any) {
      double m = 0;
      for (Rdl c : any.children()) m = Math.max(m, work(c, cap));
      return m;
    }
    double sum = 0;
    for (Rdl c : e.children()) sum += work(c, cap);
    return sum;
  }
}
