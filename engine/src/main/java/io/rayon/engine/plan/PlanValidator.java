package io.rayon.engine.plan;

import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.SharingPolicySpec;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Checks a plan against every invariant, independently of the planners (it shares no code with
 * them, so a planner bug cannot hide itself):
 *
 * <ol>
 *   <li><b>capacity</b>: at every step and in every dimension, the sum of all accepted allocations
 *       (recomputed here from the allocations, not read from the plan's own totals) is at most the
 *       capacity; nothing is allocated outside {@code [0, horizon)};
 *   <li><b>arrival</b>: no accepted reservation holds anything before its request's arrival step
 *       (commitment on arrival, the Rayon paper's §4.1.2: the plan cannot be changed in the past);
 *   <li><b>RDL semantics</b> of every accepted reservation:
 *       <ul>
 *         <li>atom(b,g,h,l,w): each allocation uses bundle b; at every step the count is 0 or a
 *             multiple of g no larger than h; the count function, decomposed into gang units of g
 *             bundles (a rise of k·g starts k units, a fall of k·g ends the k <em>oldest</em>
 *             units: FIFO), holds every unit at least l consecutive steps; the counts sum to
 *             exactly w;
 *         <li>window(e,s,f): every allocation under e lies in [s,f);
 *         <li>order(e1..en): every child is satisfied and the last allocated step of e_i is
 *             strictly before the first allocated step of every later child;
 *         <li>any(e1..en): exactly one branch holds allocations and is satisfied, the others are
 *             empty; or no branch holds anything and one is satisfied by holding nothing (an atom
 *             with w = 0, an any with such a branch, an all/order/window of such expressions);
 *         <li>all(e1..en): every child is satisfied;
 *       </ul>
 *       and every atom allocation names an atom of the expression, at most once;
 *   <li><b>sharing policy</b>: for every user and dimension, the instantaneous cap at every step
 *       and the average cap over every sliding window (see {@link #windowSteps}).
 * </ol>
 */
public final class PlanValidator {
  private PlanValidator() {}

  /** Every violation of the plan, its reservations and the sharing policy; empty when valid. */
  public static List<Violation> validate(PlanView plan, SharingPolicySpec policy) {
    List<Violation> out = new ArrayList<>();
    for (String id : plan.reservationIds()) {
      out.addAll(validateReservation(plan.requestOf(id), plan.allocationOf(id), plan.horizon()));
    }
    checkCapacity(plan, out);
    if (policy != null && policy.kind() != SharingPolicySpec.Kind.NONE)
      checkPolicy(plan, policy, out, 0);
    return out;
  }

  /**
   * The sharing-policy violations that placements from step {@code from} on can still mend: the
   * instantaneous cap at the steps from {@code from} on, and the average cap over every window in
   * which the user holds something at or after {@code from}. A window whose user holds nothing from
   * {@code from} on is history: when a capacity loss at {@code from} lowers its cap (a share of the
   * capacity over the whole window) below what the user held before {@code from}, no placement can
   * mend it, and it is left to {@link #validate}, which reports every window. ({@link
   * io.rayon.engine.reservation.Adapter} re-plans for these violations only.)
   */
  public static List<Violation> policyViolationsFrom(
      PlanView plan, SharingPolicySpec policy, long from) {
    List<Violation> out = new ArrayList<>();
    if (policy != null && policy.kind() != SharingPolicySpec.Kind.NONE)
      checkPolicy(plan, policy, out, Math.max(0, from));
    return out;
  }

  /** The violations of one reservation's RDL semantics (and the horizon); empty when satisfied. */
  public static List<Violation> validateReservation(
      ReservationRequest request, ReservationAllocation allocation, long horizon) {
    List<Violation> out = new ArrayList<>();
    String id = request.id();
    Map<String, AtomAllocation> byPath = new LinkedHashMap<>();
    for (AtomAllocation a : allocation.atoms()) {
      if (byPath.put(a.path(), a) != null) {
        out.add(new Violation(id, a.path(), null, "the atom has more than one allocation"));
      }
      Rdl e;
      try {
        e = Rdl.at(request.rdl(), a.path());
      } catch (RuntimeException ex) {
        e = null;
      }
      if (!(e instanceof Rdl.Atom)) {
        out.add(new Violation(id, a.path(), null, "allocation names no atom of " + request.rdl()));
      }
      for (Step s : a.steps()) {
        if (s.start() < 0 || s.end() > horizon) {
          out.add(
              new Violation(
                  id,
                  a.path(),
                  s.start() < 0 ? s.start() : horizon,
                  "bundles held at ["
                      + s.start()
                      + ","
                      + s.end()
                      + ") outside the horizon [0,"
                      + horizon
                      + ")"));
        }
        if (s.start() < request.arrival() && s.bundles() > 0) {
          out.add(
              new Violation(
                  id,
                  a.path(),
                  s.start(),
                  "bundles held at ["
                      + s.start()
                      + ","
                      + s.end()
                      + ") before the request arrives at step "
                      + request.arrival()
                      + " (a reservation is committed on arrival and cannot use the past)"));
        }
      }
    }
    check(id, request.rdl(), "", Long.MIN_VALUE, Long.MAX_VALUE, byPath, out);
    return out;
  }

  private static void check(
      String id,
      Rdl e,
      String path,
      long lo,
      long hi,
      Map<String, AtomAllocation> byPath,
      List<Violation> out) {
    if (e instanceof Rdl.Atom atom) {
      checkAtom(id, atom, path, lo, hi, byPath.get(path), out);
    } else if (e instanceof Rdl.Window w) {
      check(
          id,
          w.expr(),
          Rdl.childPath(path, 0),
          Math.max(lo, w.start()),
          Math.min(hi, w.finish()),
          byPath,
          out);
    } else if (e instanceof Rdl.All) {
      for (int i = 0; i < e.children().size(); i++) {
        check(id, e.children().get(i), Rdl.childPath(path, i), lo, hi, byPath, out);
      }
    } else if (e instanceof Rdl.Order) {
      long prevEnd = Long.MIN_VALUE;
      int prevIndex = -1;
      for (int i = 0; i < e.children().size(); i++) {
        String cp = Rdl.childPath(path, i);
        check(id, e.children().get(i), cp, lo, hi, byPath, out);
        long[] span = span(e.children().get(i), cp, byPath);
        if (span == null) continue;
        if (span[0] < prevEnd) {
          out.add(
              new Violation(
                  id,
                  path,
                  span[0],
                  "order: child "
                      + i
                      + " starts at step "
                      + span[0]
                      + " before child "
                      + prevIndex
                      + " ends (its last step is "
                      + (prevEnd - 1)
                      + ")"));
        }
        prevEnd = Math.max(prevEnd, span[1]);
        prevIndex = i;
      }
    } else if (e instanceof Rdl.Any) {
      List<Integer> allocated = new ArrayList<>();
      for (int i = 0; i < e.children().size(); i++) {
        if (span(e.children().get(i), Rdl.childPath(path, i), byPath) != null) allocated.add(i);
      }
      if (allocated.size() > 1) {
        out.add(
            new Violation(
                id,
                path,
                null,
                "any: branches " + allocated + " all hold allocations; exactly one may"));
      } else if (allocated.size() == 1) {
        int i = allocated.get(0);
        check(id, e.children().get(i), Rdl.childPath(path, i), lo, hi, byPath, out);
      } else {
        boolean trivially = false;
        for (Rdl c : e.children()) trivially |= satisfiedWhenEmpty(c);
        if (!trivially) out.add(new Violation(id, path, null, "any: no branch is allocated"));
      }
    }
  }

  /** True when the expression is satisfied by holding nothing at all (all of its work is zero). */
  private static boolean satisfiedWhenEmpty(Rdl e) {
    if (e instanceof Rdl.Atom a) return a.work() == 0;
    if (e instanceof Rdl.Any) {
      for (Rdl c : e.children()) if (satisfiedWhenEmpty(c)) return true;
      return false;
    }
    for (Rdl c : e.children()) if (!satisfiedWhenEmpty(c)) return false;
    return true;
  }

  /** [first step, one past the last step] of all allocations under {@code e}, or null when none. */
  private static long[] span(Rdl e, String path, Map<String, AtomAllocation> byPath) {
    if (e instanceof Rdl.Atom) {
      AtomAllocation a = byPath.get(path);
      return a == null || a.isEmpty() ? null : new long[] {a.start(), a.end()};
    }
    long[] s = null;
    for (int i = 0; i < e.children().size(); i++) {
      long[] c = span(e.children().get(i), Rdl.childPath(path, i), byPath);
      if (c == null) continue;
      if (s == null) s = c.clone();
      else {
        s[0] = Math.min(s[0], c[0]);
        s[1] = Math.max(s[1], c[1]);
      }
    }
    return s;
  }

  private static void checkAtom(
      String id,
      Rdl.Atom atom,
      String path,
      long lo,
      long hi,
      AtomAllocation a,
      List<Violation> out) {
    List<Step> steps = a == null ? List.of() : a.steps();
    if (a != null && !a.isEmpty() && !a.bundle().equals(atom.bundle())) {
      out.add(
          new Violation(
              id,
              path,
              null,
              "allocated bundle " + a.bundle() + " differs from the atom's " + atom.bundle()));
    }
    long g = atom.gang();
    long total = 0;
    for (Step s : steps) {
      total += s.bundles() * s.length();
      if (s.start() < lo || s.end() > hi) {
        out.add(
            new Violation(
                id,
                path,
                s.start() < lo ? s.start() : s.end() - 1,
                "bundles held at ["
                    + s.start()
                    + ","
                    + s.end()
                    + ") outside the window ["
                    + lo
                    + ","
                    + hi
                    + ")"));
      }
      if (g <= 0 || s.bundles() % g != 0) {
        out.add(
            new Violation(
                id, path, s.start(), s.bundles() + " bundles is not a multiple of the gang " + g));
      }
      if (s.bundles() > atom.maxParallelism()) {
        out.add(
            new Violation(
                id,
                path,
                s.start(),
                s.bundles() + " bundles exceed the max parallelism " + atom.maxParallelism()));
      }
    }
    if (total != atom.work()) {
      out.add(
          new Violation(
              id, path, null, "holds " + total + " bundle-steps but the work is " + atom.work()));
    }
    if (g > 0) checkLeases(id, path, steps, g, atom.minLease(), out);
  }

  /** FIFO decomposition of the count function into gang units; each must last at least l steps. */
  private static void checkLeases(
      String id, String path, List<Step> steps, long g, long l, List<Violation> out) {
    ArrayDeque<long[]> units = new ArrayDeque<>(); // {start step, number of units started then}
    long count = 0;
    long t = Long.MIN_VALUE;
    List<long[]> changes = new ArrayList<>(); // {step, new unit count}
    for (Step s : steps) {
      if (t != Long.MIN_VALUE && s.start() > t) changes.add(new long[] {t, 0});
      changes.add(new long[] {s.start(), s.bundles() / g});
      t = s.end();
    }
    if (t != Long.MIN_VALUE) changes.add(new long[] {t, 0});
    boolean reported = false;
    for (long[] c : changes) {
      long at = c[0];
      long next = c[1];
      if (next > count) {
        units.addLast(new long[] {at, next - count});
      } else {
        long end = count - next;
        while (end > 0) {
          long[] u = units.peekFirst();
          long k = Math.min(end, u[1]);
          if (at - u[0] < l && !reported) {
            out.add(
                new Violation(
                    id,
                    path,
                    u[0],
                    "a gang of "
                        + g
                        + " bundles starting at step "
                        + u[0]
                        + " is held only "
                        + (at - u[0])
                        + " steps, less than the minimum lease "
                        + l));
            reported = true;
          }
          u[1] -= k;
          end -= k;
          if (u[1] == 0) units.removeFirst();
        }
      }
      count = next;
    }
  }

  private static void checkCapacity(PlanView plan, List<Violation> out) {
    TreeMap<Long, Resources> delta = new TreeMap<>();
    for (String id : plan.reservationIds()) {
      for (AtomAllocation a : plan.allocationOf(id).atoms()) {
        for (Step s : a.steps()) {
          Resources r = a.bundle().times(s.bundles());
          delta.merge(s.start(), r, Resources::plus);
          delta.merge(s.end(), Resources.ZERO.minus(r), Resources::plus);
        }
      }
    }
    Resources cur = Resources.ZERO;
    Long from = null;
    int reported = 0;
    for (Map.Entry<Long, Resources> e : delta.entrySet()) {
      if (from != null && !cur.isZero()) {
        for (long t = Math.max(0, from);
            t < Math.min(plan.horizon(), e.getKey()) && reported < 50;
            t++) {
          Resources c = plan.capacityAt(t);
          String dim = cur.firstExceeding(c);
          if (dim != null) {
            out.add(
                new Violation(
                    null,
                    null,
                    t,
                    "allocations need "
                        + cur.get(dim)
                        + " "
                        + dim
                        + " but the capacity is "
                        + c.get(dim)));
            reported++;
          }
        }
      }
      cur = cur.plus(e.getValue());
      from = e.getKey();
    }
  }

  /** Length in steps of the averaging window of a capacity-over-time policy (at least one step). */
  public static long windowSteps(SharingPolicySpec spec, long stepSeconds) {
    return Math.max(1, Math.round((double) spec.windowSeconds() / stepSeconds));
  }

  /**
   * The policy's violations: the instantaneous cap at steps from {@code from} on, the average cap
   * over windows in which the user holds something at or after {@code from} (every window that can
   * break when {@code from} is 0).
   */
  private static void checkPolicy(
      PlanView plan, SharingPolicySpec spec, List<Violation> out, long from) {
    int h = (int) plan.horizon();
    Map<String, List<String>> idsByUser = new LinkedHashMap<>();
    for (String id : plan.reservationIds()) {
      idsByUser.computeIfAbsent(plan.requestOf(id).user(), k -> new ArrayList<>()).add(id);
    }
    TreeSet<String> dimSet = new TreeSet<>();
    Map<String, long[]> capacity = new HashMap<>();
    List<String> dims = new ArrayList<>(List.of("memoryMB", "vcores"));
    for (int t = 0; t < h; t++) dimSet.addAll(plan.capacityAt(t).extras().keySet());
    dims.addAll(dimSet);
    for (String d : dims) capacity.put(d, new long[h]);
    for (int t = 0; t < h; t++) {
      Resources c = plan.capacityAt(t);
      for (String d : dims) capacity.get(d)[t] = c.get(d);
    }
    for (Map.Entry<String, List<String>> u : idsByUser.entrySet()) {
      for (String d : dims) {
        long[] use = new long[h + 1];
        for (String id : u.getValue()) {
          for (AtomAllocation a : plan.allocationOf(id).atoms()) {
            long per = a.bundle().get(d);
            if (per == 0) continue;
            for (Step s : a.steps()) {
              int lo = (int) Math.max(0, Math.min(h, s.start()));
              int hi = (int) Math.max(0, Math.min(h, s.end()));
              use[lo] += per * s.bundles();
              use[hi] -= per * s.bundles();
            }
          }
        }
        for (int t = 1; t <= h; t++) use[t] += use[t - 1];
        long[] c = capacity.get(d);
        for (int t = (int) Math.min(h, from); t < h; t++) {
          if (use[t] > (long) Math.floor(c[t] * spec.instantaneous())) {
            out.add(
                new Violation(
                    u.getValue().get(0),
                    null,
                    (long) t,
                    "user "
                        + u.getKey()
                        + " holds "
                        + use[t]
                        + " "
                        + d
                        + ", above the instantaneous cap "
                        + spec.instantaneous()
                        + " of capacity "
                        + c[t]));
            break;
          }
        }
        if (spec.kind() == SharingPolicySpec.Kind.CAPACITY_OVER_TIME && h > 0) {
          int w = (int) Math.min(windowSteps(spec, plan.stepSeconds()), Integer.MAX_VALUE / 4);
          // windows [t, t+w) for t in [-(w-1), h-1]; capacity outside the horizon continues the
          // edge value.
          // prefix sums over the extended range [-(w-1), h+w-1)
          int off = w - 1;
          int n = h + 2 * (w - 1);
          long[] pu = new long[n + 1];
          long[] pc = new long[n + 1];
          for (int i = 0; i < n; i++) {
            long x = i - off;
            int k = (int) Math.max(0, Math.min(h - 1, x));
            pu[i + 1] = pu[i] + (x >= 0 && x < h ? use[(int) x] : 0);
            pc[i + 1] = pc[i] + c[k];
          }
          for (long t = -(w - 1); t <= h - 1; t++) {
            int i = (int) (t + off);
            long used = pu[i + w] - pu[i];
            long capSum = pc[i + w] - pc[i];
            // the user's usage in the window at or after `from`: none means the window is history
            long firstNow = Math.max(i, Math.min(i + w, from + off));
            boolean holdsFromNow = pu[i + w] - pu[(int) firstNow] > 0;
            if (holdsFromNow && used > spec.average() * (double) capSum) {
              out.add(
                  new Violation(
                      u.getValue().get(0),
                      null,
                      Math.max(0, t),
                      "user "
                          + u.getKey()
                          + " holds "
                          + used
                          + " "
                          + d
                          + "-steps in the window ["
                          + t
                          + ","
                          + (t + w)
                          + "), above the average cap "
                          + spec.average()
                          + " (limit "
                          + (long) Math.floor(spec.average() * capSum)
                          + ")"));
              break;
            }
          }
        }
      }
    }
  }
}
