package io.rayon.engine.planning;

import io.rayon.engine.plan.PlanView;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Time reversed: step {@code t} of a plan of horizon H is step {@code H − 1 − t} of its mirror, a
 * range {@code [s, f)} is {@code [H − f, H − s)}. A planner that places as late as possible places
 * as early as possible when it runs on the mirror of the plan, with the mirror of the request
 * ({@link #request}: windows reflected, the stages of every {@code order} reversed, {@code all} and
 * {@code any} unchanged) and its allocation reflected back ({@link #unmirror}). {@link
 * GreelPlusPlanner} uses it for its early candidate, so the early placement is exactly GREE-L's own
 * code run backwards in time, with the same gang, lease, parallelism and window rules.
 */
final class TimeMirror {
  private final PlanView plan;
  private final long h;

  /** Mirrored atom path to the atom's path in the original expression. */
  private final Map<String, String> paths = new HashMap<>();

  TimeMirror(PlanView plan) {
    this.plan = plan;
    this.h = plan.horizon();
  }

  /** The mirror of the plan (read-only, like the plan; the reservation data is the plan's own). */
  PlanView view() {
    return new View();
  }

  /**
   * The mirror of a request: the same id, user and queue, arrival 0 (the caller bounds the range to
   * end where the request arrives), the expression reflected. Null when a window cannot be
   * reflected into the horizon (the late candidate then answers alone).
   */
  ReservationRequest request(ReservationRequest r) {
    paths.clear();
    Rdl e = mirror(r.rdl(), "", "");
    return e == null
        ? null
        : new ReservationRequest(r.id(), r.name(), r.user(), r.queue(), e, r.priority(), 0);
  }

  private Rdl mirror(Rdl e, String mpath, String opath) {
    if (e instanceof Rdl.Atom) {
      // only paths that differ (under a reversed order): unmirror keeps the others as they are
      if (!mpath.equals(opath)) paths.put(mpath, opath);
      return e;
    }
    if (e instanceof Rdl.Window w) {
      long s = reflectedStart(h, w);
      long f = reflectedFinish(h, w);
      if (f <= s) return null;
      Rdl c = mirror(w.expr(), Rdl.childPath(mpath, 0), Rdl.childPath(opath, 0));
      return c == null ? null : new Rdl.Window(c, s, f);
    }
    List<Rdl> cs = e.children();
    int n = cs.size();
    List<Rdl> out = new ArrayList<>(n);
    boolean reverse = e instanceof Rdl.Order;
    for (int j = 0; j < n; j++) {
      int i = reverse ? n - 1 - j : j;
      Rdl c = mirror(cs.get(i), Rdl.childPath(mpath, j), Rdl.childPath(opath, i));
      if (c == null) return null;
      out.add(c);
    }
    if (e instanceof Rdl.Order) return new Rdl.Order(out);
    if (e instanceof Rdl.All) return new Rdl.All(out);
    return new Rdl.Any(out);
  }

  /**
   * The first step of window {@code w}'s reflection on the mirror of a plan of horizon {@code h}.
   */
  static long reflectedStart(long h, Rdl.Window w) {
    return Math.max(0, h - w.finish());
  }

  /**
   * One past the last step of window {@code w}'s reflection (cut to the horizon {@code h}); at or
   * before {@link #reflectedStart} when the window lies outside the horizon.
   */
  static long reflectedFinish(long h, Rdl.Window w) {
    return Math.min(h, h - Math.max(0, w.start()));
  }

  /** An allocation on the mirror (of the last {@link #request}) as an allocation on the plan. */
  ReservationAllocation unmirror(ReservationAllocation a) {
    List<AtomAllocation> in = a.atoms();
    AtomAllocation[] atoms = new AtomAllocation[in.size()];
    for (int j = 0; j < atoms.length; j++) {
      AtomAllocation at = in.get(j);
      List<Step> ss = at.steps();
      int n = ss.size();
      Step[] steps = new Step[n];
      for (int i = 0; i < n; i++) {
        Step s = ss.get(n - 1 - i);
        steps[i] = new Step(h - s.end(), h - s.start(), s.bundles());
      }
      String path = paths.isEmpty() ? at.path() : paths.getOrDefault(at.path(), at.path());
      atoms[j] = new AtomAllocation(path, at.bundle(), List.of(steps));
    }
    return new ReservationAllocation(a.reservationId(), List.of(atoms));
  }

  /**
   * {@link #unmirror} of the allocation of one block on the mirror: {@code bundles} bundles of the
   * atom at {@code path} over {@code [start, end)}; the same allocation, without building the
   * mirrored one first.
   */
  ReservationAllocation unmirrorBlock(
      String id, String path, Resources bundle, long start, long end, long bundles) {
    String p = paths.isEmpty() ? path : paths.getOrDefault(path, path);
    return reflectedBlock(h, id, p, bundle, start, end, bundles);
  }

  /**
   * The allocation of one block over {@code [start, end)} of the mirror of a plan of horizon {@code
   * h}, reflected back to the plan: {@code bundles} bundles of the atom at {@code path} (a path of
   * the plan's own expression) over {@code [h - end, h - start)}.
   */
  static ReservationAllocation reflectedBlock(
      long h, String id, String path, Resources bundle, long start, long end, long bundles) {
    return new ReservationAllocation(
        id,
        List.of(new AtomAllocation(path, bundle, List.of(new Step(h - end, h - start, bundles)))));
  }

  private long flip(long t) {
    return h - 1 - t;
  }

  private long[] reversed(long[] a) {
    for (int i = 0, j = a.length - 1; i < j; i++, j--) {
      long x = a[i];
      a[i] = a[j];
      a[j] = x;
    }
    return a;
  }

  /** The reflected plan: every per-step question asked at the reflected step. */
  final class View implements PlanView {
    /** The plan this reflects. */
    PlanView reflected() {
      return plan;
    }

    @Override
    public long horizon() {
      return h;
    }

    @Override
    public long stepSeconds() {
      return plan.stepSeconds();
    }

    @Override
    public List<String> dimensions() {
      return plan.dimensions();
    }

    @Override
    public Resources capacityAt(long step) {
      return plan.capacityAt(flip(step));
    }

    @Override
    public Resources allocatedAt(long step) {
      return plan.allocatedAt(flip(step));
    }

    @Override
    public Resources freeAt(long step) {
      return plan.freeAt(flip(step));
    }

    @Override
    public Resources userAllocatedAt(String user, long step) {
      return plan.userAllocatedAt(user, flip(step));
    }

    @Override
    public Collection<String> reservationIds() {
      return plan.reservationIds();
    }

    @Override
    public int reservationCount() {
      return plan.reservationCount();
    }

    /** The plan's own count: the same reservations, and their shares read against its capacity. */
    @Override
    public int reservationsBelow(double share) {
      return plan.reservationsBelow(share);
    }

    @Override
    public ReservationAllocation allocationOf(String reservationId) {
      return plan.allocationOf(reservationId);
    }

    @Override
    public ReservationRequest requestOf(String reservationId) {
      return plan.requestOf(reservationId);
    }

    @Override
    public long free(int dim, long step) {
      return plan.free(dim, flip(step));
    }

    @Override
    public long runStart(long step) {
      return step < 0 || step >= h ? step : flip(plan.runEnd(flip(step)));
    }

    @Override
    public long runEnd(long step) {
      return step < 0 || step >= h ? step : flip(plan.runStart(flip(step)));
    }

    @Override
    public long minFree(int dim, long from, long to) {
      return plan.minFree(dim, h - to, h - from);
    }

    @Override
    public boolean fitsEverywhere(long[] need, long from, long to) {
      return plan.fitsEverywhere(need, h - to, h - from);
    }

    @Override
    public long capacity(int dim, long step) {
      return plan.capacity(dim, flip(step));
    }

    @Override
    public long userAllocated(String user, int dim, long step) {
      return plan.userAllocated(user, dim, flip(step));
    }

    @Override
    public long[] capacityRange(int dim, long from, long to) {
      return reversed(plan.capacityRange(dim, h - to, h - from));
    }

    @Override
    public long[] userAllocatedRange(String user, int dim, long from, long to) {
      return reversed(plan.userAllocatedRange(user, dim, h - to, h - from));
    }

    @Override
    public boolean knownWithinCapacity() {
      return plan.knownWithinCapacity();
    }
  }
}
