package io.rayon.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.cluster.CapacityChange;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.resources.Resources;
import io.rayon.testsupport.Fixtures;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The plan keeps its allocation in blocks of {@value Plan#BLOCK} steps (a whole block written once
 * per edit). Every read of the plan is checked here against a plain per-step model kept beside it,
 * after seeded edits: additions that fit, additions that do not (checked and unchecked), removals,
 * capacity gains and losses (which can leave steps over capacity, so the step-by-step path runs
 * too), copies, and a resource dimension added by the first bundle that asks for it; the per-user
 * holdings (kept in blocks too) likewise; horizons of 1 to 400 steps, so blocks are whole, partial
 * and absent.
 */
class PlanBlocksPropertiesTest {
  private static final Resources NODE = Resources.of(8192, 8);
  private static final List<String> DIMS = List.of("memoryMB", "vcores", "gpu");

  @Provide
  Arbitrary<Long> seeds() {
    return Arbitraries.longs();
  }

  /** The per-step model: capacity and allocation per dimension, and the reservations. */
  private static final class Model {
    final int horizon;
    final long[][] cap;
    final long[][] used;
    final Map<String, ReservationAllocation> held = new LinkedHashMap<>();
    final Map<String, String> userOf = new LinkedHashMap<>();

    Model(int horizon, Resources capacity) {
      this.horizon = horizon;
      cap = new long[DIMS.size()][horizon];
      used = new long[DIMS.size()][horizon];
      for (int d = 0; d < DIMS.size(); d++) Arrays.fill(cap[d], capacity.get(DIMS.get(d)));
    }

    Model(Model o) {
      horizon = o.horizon;
      cap = new long[DIMS.size()][];
      used = new long[DIMS.size()][];
      for (int d = 0; d < DIMS.size(); d++) {
        cap[d] = o.cap[d].clone();
        used[d] = o.used[d].clone();
      }
      held.putAll(o.held);
      userOf.putAll(o.userOf);
    }

    /**
     * How many reservations hold less than {@code share} of the plan's whole capacity: bundle-steps
     * × each bundle's largest share of a dimension's capacity at the reservation's first step, over
     * the horizon.
     */
    int below(double share) {
      int n = 0;
      for (ReservationAllocation a : held.values()) {
        long start = Long.MAX_VALUE;
        for (AtomAllocation at : a.atoms())
          for (Step s : at.steps()) if (s.bundles() > 0) start = Math.min(start, s.start());
        double held = 0;
        if (start != Long.MAX_VALUE) {
          int t = (int) Math.min(start, horizon - 1);
          for (AtomAllocation at : a.atoms()) {
            double dominant = 0;
            for (int d = 0; d < DIMS.size(); d++) {
              if (cap[d][t] > 0)
                dominant = Math.max(dominant, (double) at.bundle().get(DIMS.get(d)) / cap[d][t]);
            }
            long work = 0;
            for (Step s : at.steps()) work += s.bundles() * (s.end() - s.start());
            held += work * dominant;
          }
        }
        if (held / horizon < share) n++;
      }
      return n;
    }

    /** What the user holds of dimension d at step t, summed from the reservations. */
    long userHolds(String user, int d, long t) {
      long sum = 0;
      for (Map.Entry<String, ReservationAllocation> e : held.entrySet()) {
        if (!userOf.get(e.getKey()).equals(user)) continue;
        for (AtomAllocation at : e.getValue().atoms()) {
          for (Step s : at.steps()) {
            if (s.start() <= t && t < s.end()) sum += at.bundle().get(DIMS.get(d)) * s.bundles();
          }
        }
      }
      return t < 0 || t >= horizon ? 0 : sum;
    }

    void apply(ReservationAllocation a, int sign) {
      for (AtomAllocation at : a.atoms()) {
        for (Step s : at.steps()) {
          for (long t = Math.max(0, s.start()); t < Math.min(horizon, s.end()); t++) {
            for (int d = 0; d < DIMS.size(); d++)
              used[d][(int) t] += sign * at.bundle().get(DIMS.get(d)) * s.bundles();
          }
        }
      }
    }

    boolean fits(ReservationAllocation a) {
      Model after = new Model(this);
      after.apply(a, 1);
      for (AtomAllocation at : a.atoms()) {
        for (Step s : at.steps()) {
          if (s.start() < 0 || s.end() > horizon) return false;
          for (long t = s.start(); t < s.end(); t++) {
            for (int d = 0; d < DIMS.size(); d++) {
              if (at.bundle().get(DIMS.get(d)) > 0 && after.used[d][(int) t] > cap[d][(int) t])
                return false;
            }
          }
        }
      }
      return true;
    }

    long free(int d, long t) {
      return t < 0 || t >= horizon ? 0 : cap[d][(int) t] - used[d][(int) t];
    }

    boolean within() {
      for (int d = 0; d < DIMS.size(); d++)
        for (int t = 0; t < horizon; t++) if (used[d][t] > cap[d][t]) return false;
      return true;
    }
  }

  @Property(tries = 400)
  void everyReadOfTheBlockedPlanAgreesWithAPerStepModel(@ForAll("seeds") long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int horizon =
        switch (rnd.nextInt(3)) {
          case 0 -> 1 + rnd.nextInt(70);
          case 1 -> 64 * (1 + rnd.nextInt(5));
          default -> 1 + rnd.nextInt(400);
        };
    // without GPUs at first, half the time: the first GPU bundle adds the dimension to the plan
    Resources capacity =
        rnd.nextBoolean() ? Resources.of(8192 * 4, 32, Map.of("gpu", 4L)) : NODE.times(4);
    Plan plan = Plan.empty(capacity, horizon, 60);
    Model model = new Model(horizon, capacity);
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      switch (rnd.nextInt(8)) {
        case 0 -> {
          if (!ids.isEmpty()) {
            String id = ids.remove(rnd.nextInt(ids.size()));
            assertThat(plan.remove(id)).isTrue();
            model.apply(model.held.remove(id), -1);
            model.userOf.remove(id);
          }
        }
        case 1 -> {
          Resources delta = rnd.nextBoolean() ? NODE : Resources.ZERO.minus(NODE);
          long at = rnd.nextLong(horizon + 1);
          try {
            plan.changeCapacity(new CapacityChange(at, delta, "change"));
            for (int t = (int) at; t < horizon; t++) {
              for (int d = 0; d < DIMS.size(); d++) model.cap[d][t] += delta.get(DIMS.get(d));
            }
          } catch (IllegalArgumentException e) {
            // below zero: refused, the plan stays as it was
          }
        }
        case 2 -> plan = plan.copy();
        default -> {
          String id = "r" + i;
          ReservationAllocation a = allocation(rnd, id, horizon);
          String user = "u" + rnd.nextInt(3);
          boolean checked = rnd.nextInt(4) != 0;
          if (checked) {
            boolean fits = model.fits(a);
            assertThat(plan.addIfFits(Fixtures.request(id, user, "atom(<1024,1>,1,4,1,4)"), a))
                .as("seed %d: addIfFits of %s", seed, a)
                .matches(o -> o.isEmpty() == fits);
            if (!fits) break;
          } else {
            boolean outside = false;
            for (AtomAllocation at : a.atoms())
              for (Step s : at.steps()) outside |= s.start() < 0 || s.end() > horizon;
            if (outside) break;
            plan.add(Fixtures.request(id, user, "atom(<1024,1>,1,4,1,4)"), a);
          }
          model.apply(a, 1);
          model.held.put(id, a);
          model.userOf.put(id, user);
          ids.add(id);
        }
      }
      check(plan, model, rnd, seed);
    }
  }

  private static ReservationAllocation allocation(SplittableRandom rnd, String id, int horizon) {
    List<AtomAllocation> atoms = new ArrayList<>();
    int n = 1 + rnd.nextInt(2);
    for (int k = 0; k < n; k++) {
      Resources bundle =
          rnd.nextInt(6) == 0 ? Resources.of(1024, 1, Map.of("gpu", 1L)) : Resources.of(2048, 2);
      List<Step> steps = new ArrayList<>();
      long t = rnd.nextLong(horizon);
      for (int j = 0; j < 3 && t < horizon; j++) {
        long end = Math.min(horizon, t + 1 + rnd.nextLong(Math.max(1, horizon / 2)));
        steps.add(new Step(t, end, 1 + rnd.nextInt(rnd.nextBoolean() ? 4 : 20)));
        t = end + rnd.nextInt(3);
      }
      atoms.add(new AtomAllocation("a" + k, bundle, steps));
    }
    return new ReservationAllocation(id, atoms);
  }

  private static void check(Plan plan, Model m, SplittableRandom rnd, long seed) {
    int h = m.horizon;
    List<String> dims = plan.dimensions();
    assertThat(plan.knownWithinCapacity())
        .as("seed %d: within capacity", seed)
        .isEqualTo(m.within());
    List<Long> over = new ArrayList<>();
    for (int t = 0; t < h; t++) {
      boolean o = false;
      for (int d = 0; d < DIMS.size(); d++) o |= m.used[d][t] > m.cap[d][t];
      if (o) over.add((long) t);
    }
    assertThat(plan.overcommittedSteps()).as("seed %d: steps over capacity", seed).isEqualTo(over);
    // every reservation, visited without the id list's copy, in the order added
    Map<String, ReservationAllocation> visited = new LinkedHashMap<>();
    plan.forEachAllocation(visited::put);
    assertThat(visited.entrySet())
        .as("seed %d: reservations visited", seed)
        .containsExactlyElementsOf(m.held.entrySet());
    for (int t = 0; t < h; t++) {
      for (int d = 0; d < dims.size(); d++) {
        int md = DIMS.indexOf(dims.get(d));
        assertThat(plan.free(d, t))
            .as("seed %d: free %s at %d", seed, dims.get(d), t)
            .isEqualTo(m.free(md, t));
        assertThat(plan.allocatedAt(t).get(dims.get(d))).isEqualTo(m.used[md][t]);
      }
      long start = t;
      while (start > 0 && sameFree(m, start - 1, t)) start--;
      long end = t;
      while (end + 1 < h && sameFree(m, end + 1, t)) end++;
      assertThat(plan.runStart(t)).as("seed %d: run start at %d", seed, t).isEqualTo(start);
      assertThat(plan.runEnd(t)).as("seed %d: run end at %d", seed, t).isEqualTo(end);
    }
    for (int i = 0; i < 10; i++) {
      long from = rnd.nextLong(-3, h + 3);
      long to = from + rnd.nextLong(0, h + 3);
      long[] need = new long[dims.size()];
      for (int d = 0; d < dims.size(); d++) {
        int md = DIMS.indexOf(dims.get(d));
        long want = Long.MAX_VALUE;
        for (long t = from; t < to; t++) want = Math.min(want, m.free(md, t));
        assertThat(plan.minFree(d, from, to))
            .as("seed %d: least free %s in [%d,%d)", seed, dims.get(d), from, to)
            .isEqualTo(want);
        need[d] = rnd.nextInt(4) == 0 ? -1 : rnd.nextLong(0, 9000);
      }
      boolean fits = true;
      for (long t = from; t < to && fits; t++) {
        for (int d = 0; d < dims.size(); d++) {
          if (need[d] >= 0 && m.free(DIMS.indexOf(dims.get(d)), t) < need[d]) fits = false;
        }
      }
      if (from < 0 || to > h) {
        for (long n : need) if (n > 0 && to > from) fits = false;
      }
      assertThat(plan.fitsEverywhere(need, from, to))
          .as("seed %d: fits %s in [%d,%d)", seed, Arrays.toString(need), from, to)
          .isEqualTo(fits);
    }
    // the per-user arrays (built on the first question, at a random point of the edits)
    if (rnd.nextInt(3) == 0) {
      for (String u : List.of("u0", "u1", "u2")) {
        for (int d = 0; d < dims.size(); d++) {
          int md = DIMS.indexOf(dims.get(d));
          long from = rnd.nextLong(-3, h + 3);
          long to = from + rnd.nextLong(0, h + 3);
          long[] range = plan.userAllocatedRange(u, d, from, to);
          for (long t = from; t < to; t++) {
            long want = m.userHolds(u, md, t);
            assertThat(range[(int) (t - from)])
                .as("seed %d: %s holds %s at %d", seed, u, dims.get(d), t)
                .isEqualTo(want);
            assertThat(plan.userAllocated(u, d, t)).isEqualTo(want);
            assertThat(plan.userAllocatedAt(u, t).get(dims.get(d))).isEqualTo(want);
          }
        }
      }
    }
    StepFunction sky = plan.allocationSkyline();
    for (int t = 0; t < h; t++) assertThat(sky.at(t)).isEqualTo(plan.allocatedAt(t));
    // the count of small reservations, kept by the plan across the edits (the same share asked most
    // of the time, so the kept count is read; another now and then, so it is counted again),
    // against a count from the model's reservations and capacity
    double share = rnd.nextInt(4) == 0 ? 0.2 : 0.02;
    assertThat(plan.reservationsBelow(share))
        .as("seed %d: reservations below %s of the plan", seed, share)
        .isEqualTo(m.below(share));
  }

  private static boolean sameFree(Model m, long a, long b) {
    for (int d = 0; d < DIMS.size(); d++) if (m.free(d, a) != m.free(d, b)) return false;
    return true;
  }

  @Test
  void aReservationOverManyBlocksAddsAndLeavesExactly() {
    Plan plan = Plan.empty(NODE.times(2), 1000, 1);
    ReservationAllocation a =
        new ReservationAllocation(
            "r",
            List.of(new AtomAllocation("", Resources.of(1024, 1), List.of(new Step(5, 995, 3)))));
    assertThat(plan.addIfFits(Fixtures.request("r", "u", "atom(<1024,1>,1,4,1,4)"), a)).isEmpty();
    assertThat(plan.free(1, 4)).isEqualTo(16);
    assertThat(plan.free(1, 5)).isEqualTo(13);
    assertThat(plan.free(1, 500)).isEqualTo(13);
    assertThat(plan.free(1, 994)).isEqualTo(13);
    assertThat(plan.free(1, 995)).isEqualTo(16);
    assertThat(plan.runStart(700)).isEqualTo(5);
    assertThat(plan.runEnd(700)).isEqualTo(994);
    assertThat(plan.minFree(1, 0, 1000)).isEqualTo(13);
    assertThat(plan.remove("r")).isTrue();
    for (int t = 0; t < 1000; t++) assertThat(plan.free(1, t)).isEqualTo(16);
    assertThat(plan.runEnd(0)).isEqualTo(999);
  }
}
