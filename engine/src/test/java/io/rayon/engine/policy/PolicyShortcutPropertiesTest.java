package io.rayon.engine.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.Plan;
import io.rayon.model.cluster.CapacityChange;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.testsupport.Fixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The sharing policies' shortcuts ({@link InstantaneousPolicy#check} at a 100% cap, {@link
 * CapacityOverTimePolicy#check}) against their straightforward step-by-step readings ({@code
 * checkByScan}) on seeded random plans: the same verdict and the same reason, always. The plans mix
 * users, several atoms, extra dimensions, allocations beyond the capacity and capacity losses
 * (where the shortcut must not apply), and the policies mix 100% caps (where it applies) with lower
 * ones.
 */
class PolicyShortcutPropertiesTest {
  private static final Resources[] BUNDLES = {
    Resources.of(1024, 1),
    Resources.of(2048, 1),
    Resources.of(1024, 4),
    Resources.of(1024, 1, Map.of("gpu", 1L))
  };

  @Provide
  Arbitrary<Long> seeds() {
    return Arbitraries.longs();
  }

  @Property(tries = 2000)
  void theShortcutGivesTheVerdictAndReasonOfTheStepByStepCheck(@ForAll("seeds") long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    long horizon = 5 + rnd.nextInt(120);
    boolean gpus = rnd.nextInt(3) == 0;
    int nodes = 1 + rnd.nextInt(6);
    Resources node = gpus ? Resources.of(8192, 8, Map.of("gpu", 2L)) : Resources.of(8192, 8);
    Plan plan = Plan.empty(node.times(nodes), horizon, 60);
    int existing = rnd.nextInt(12);
    for (int i = 0; i < existing; i++) {
      ReservationRequest r =
          Fixtures.request("e" + i, "u" + rnd.nextInt(3), "atom(<1024,1>,1,4,1,4)");
      ReservationAllocation a = randomAllocation(rnd, r.id(), horizon, gpus);
      if (rnd.nextInt(6) == 0) plan.add(r, a); // may go over the capacity
      else plan.addIfFits(r, a);
    }
    if (rnd.nextInt(5) == 0 && nodes > 1) {
      plan.changeCapacity(
          new CapacityChange(
              rnd.nextLong(horizon),
              Resources.ZERO.minus(node.times(1 + rnd.nextInt(nodes - 1))),
              "node failure"));
    }
    double inst =
        switch (rnd.nextInt(4)) {
          case 0 -> 0.5;
          case 1 -> 0.8;
          default -> 1.0;
        };
    double avg = rnd.nextInt(3) == 0 ? inst * (0.2 + 0.8 * rnd.nextDouble()) : inst;
    long window = 1 + rnd.nextLong(2 * horizon);
    CapacityOverTimePolicy p = new CapacityOverTimePolicy(inst, avg, window, "cot");
    ReservationRequest req = Fixtures.request("p", "u" + rnd.nextInt(3), "atom(<1024,1>,1,4,1,4)");
    for (int k = 0; k < 5; k++) {
      ReservationAllocation proposal = randomAllocation(rnd, "p", horizon, gpus);
      Optional<Rejection> fast = p.check(plan, req, proposal);
      Optional<Rejection> slow = p.checkByScan(plan, req, proposal);
      assertThat(fast)
          .as("seed %d, policy %s/%s/%d, proposal %s", seed, inst, avg, window, proposal)
          .isEqualTo(slow);
      InstantaneousPolicy ip = new InstantaneousPolicy(inst);
      assertThat(ip.check(plan, req, proposal))
          .as("seed %d, instantaneous %s", seed, inst)
          .isEqualTo(ip.checkByScan(plan, req, proposal));
    }
  }

  /**
   * {@link SharingPolicy#checkFitting} (the planners' check of a proposal they built within the
   * free capacity) against the step-by-step check, on proposals that fit the plan's free capacity:
   * the same verdict and reason, for both policies, at 100% caps (where it skips the instantaneous
   * test) and below, on plans within and over their capacity.
   */
  @Property(tries = 2000)
  void theCheckOfAFittingProposalGivesTheVerdictAndReasonOfTheStepByStepCheck(
      @ForAll("seeds") long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    long horizon = 5 + rnd.nextInt(120);
    boolean gpus = rnd.nextInt(3) == 0;
    int nodes = 1 + rnd.nextInt(6);
    Resources node = gpus ? Resources.of(8192, 8, Map.of("gpu", 2L)) : Resources.of(8192, 8);
    Plan plan = Plan.empty(node.times(nodes), horizon, 60);
    int existing = rnd.nextInt(12);
    for (int i = 0; i < existing; i++) {
      ReservationRequest r =
          Fixtures.request("e" + i, "u" + rnd.nextInt(3), "atom(<1024,1>,1,4,1,4)");
      ReservationAllocation a = randomAllocation(rnd, r.id(), horizon, gpus);
      if (rnd.nextInt(6) == 0) plan.add(r, a); // may go over the capacity
      else plan.addIfFits(r, a);
    }
    if (rnd.nextInt(5) == 0 && nodes > 1) {
      plan.changeCapacity(
          new CapacityChange(
              rnd.nextLong(horizon),
              Resources.ZERO.minus(node.times(1 + rnd.nextInt(nodes - 1))),
              "node failure"));
    }
    double inst =
        switch (rnd.nextInt(4)) {
          case 0 -> 0.5;
          case 1 -> 0.8;
          default -> 1.0;
        };
    double avg = rnd.nextInt(3) == 0 ? inst * (0.2 + 0.8 * rnd.nextDouble()) : inst;
    long window = 1 + rnd.nextLong(2 * horizon);
    CapacityOverTimePolicy p = new CapacityOverTimePolicy(inst, avg, window, "cot");
    InstantaneousPolicy ip = new InstantaneousPolicy(inst);
    ReservationRequest req = Fixtures.request("p", "u" + rnd.nextInt(3), "atom(<1024,1>,1,4,1,4)");
    for (int k = 0; k < 10; k++) {
      ReservationAllocation proposal = randomAllocation(rnd, "p", horizon, gpus);
      if (!plan.fits(proposal)) continue;
      assertThat(p.checkFitting(plan, req, proposal))
          .as("seed %d, policy %s/%s/%d, proposal %s", seed, inst, avg, window, proposal)
          .isEqualTo(p.checkByScan(plan, req, proposal));
      assertThat(ip.checkFitting(plan, req, proposal))
          .as("seed %d, instantaneous %s", seed, inst)
          .isEqualTo(ip.checkByScan(plan, req, proposal));
    }
  }

  /** Both outcomes come up among fitting proposals, so the property above tests something. */
  @Test
  void fittingProposalsAreBothAcceptedAndRefused() {
    int accepted = 0;
    int refused = 0;
    for (long seed = 0; seed < 300; seed++) {
      SplittableRandom rnd = new SplittableRandom(seed);
      long horizon = 5 + rnd.nextInt(120);
      Plan plan = Plan.empty(Resources.of(8192, 8).times(4), horizon, 60);
      ReservationRequest mine = Fixtures.request("m", "u0", "atom(<1024,1>,1,4,1,4)");
      plan.addIfFits(mine, randomAllocation(rnd, "m", horizon, false));
      CapacityOverTimePolicy p =
          new CapacityOverTimePolicy(rnd.nextBoolean() ? 0.5 : 1.0, 0.3, 1 + horizon / 4, "cot");
      ReservationRequest req = Fixtures.request("p", "u0", "atom(<1024,1>,1,4,1,4)");
      ReservationAllocation proposal = randomAllocation(rnd, "p", horizon, false);
      if (!plan.fits(proposal)) continue;
      if (p.checkFitting(plan, req, proposal).isPresent()) refused++;
      else accepted++;
    }
    assertThat(accepted).isGreaterThan(20);
    assertThat(refused).isGreaterThan(20);
  }

  /**
   * The count behind {@link Plan#knownWithinCapacity} against a scan of the plan, on seeded edits.
   */
  @Property(tries = 500)
  void thePlansOverCapacityCountAgreesWithAScan(@ForAll("seeds") long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    long horizon = 5 + rnd.nextInt(60);
    Plan plan = Plan.empty(Resources.of(8192 * 3, 24), horizon, 60);
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 25; i++) {
      switch (rnd.nextInt(4)) {
        case 0 -> {
          if (!ids.isEmpty()) plan.remove(ids.remove(rnd.nextInt(ids.size())));
        }
        case 1 -> {
          try {
            plan.changeCapacity(
                new CapacityChange(
                    rnd.nextLong(horizon),
                    rnd.nextBoolean() ? Resources.of(8192, 8) : Resources.of(-8192, -8),
                    "change"));
          } catch (IllegalArgumentException e) {
            // it would take the capacity below zero: the plan refuses it and stays as it was
          }
        }
        default -> {
          String id = "r" + i;
          plan.add(
              Fixtures.request(id, "u", "atom(<1024,1>,1,4,1,4)"),
              randomAllocation(rnd, id, horizon, false));
          ids.add(id);
        }
      }
      assertThat(plan.knownWithinCapacity())
          .as("seed %d, edit %d", seed, i)
          .isEqualTo(plan.overcommittedSteps().isEmpty());
    }
  }

  @Test
  void theShortcutIsTakenOnlyAtFullCapsOnAPlanWithinCapacity() {
    Plan plan = Plan.empty(Resources.of(8192, 8), 100, 60);
    ReservationRequest r = Fixtures.request("a", "alice", "atom(<1024,1>,1,8,1,8)");
    plan.add(r, alloc("a", 10, 28, 8, Resources.of(1024, 1)));
    assertThat(plan.knownWithinCapacity()).isTrue();
    // a capacity loss under the reservation: alice now holds more than the capacity in a 10-step
    // window
    plan.changeCapacity(new CapacityChange(15, Resources.of(-4096, -4), "loss"));
    assertThat(plan.knownWithinCapacity()).isFalse();
    CapacityOverTimePolicy p = new CapacityOverTimePolicy(1.0, 1.0, 10, "cot");
    ReservationRequest b = Fixtures.request("b", "alice", "atom(<1024,1>,1,1,1,1)");
    Optional<Rejection> slow = p.checkByScan(plan, b, alloc("b", 30, 31, 1, Resources.of(1024, 1)));
    assertThat(slow).isPresent();
    assertThat(p.check(plan, b, alloc("b", 30, 31, 1, Resources.of(1024, 1)))).isEqualTo(slow);
  }

  private static ReservationAllocation alloc(
      String id, long from, long to, long n, Resources bundle) {
    return new ReservationAllocation(
        id, List.of(new AtomAllocation("", bundle, List.of(new Step(from, to, n)))));
  }

  private static ReservationAllocation randomAllocation(
      SplittableRandom rnd, String id, long horizon, boolean gpus) {
    int atoms = 1 + rnd.nextInt(2);
    List<AtomAllocation> out = new ArrayList<>();
    for (int i = 0; i < atoms; i++) {
      Resources b = BUNDLES[rnd.nextInt(gpus ? BUNDLES.length : BUNDLES.length - 1)];
      List<Step> steps = new ArrayList<>();
      long t = rnd.nextLong(horizon);
      int blocks = 1 + rnd.nextInt(3);
      for (int k = 0; k < blocks && t < horizon; k++) {
        long end = Math.min(horizon, t + 1 + rnd.nextLong(Math.max(1, horizon / 3)));
        steps.add(new Step(t, end, 1 + rnd.nextInt(16)));
        t = end + rnd.nextInt(4);
      }
      out.add(new AtomAllocation(atoms == 1 ? "" : Integer.toString(i), b, steps));
    }
    return new ReservationAllocation(id, out);
  }
}
