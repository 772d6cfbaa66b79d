package io.rayon.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.planning.Fixtures;
import io.rayon.engine.planning.GreePlanner;
import io.rayon.engine.planning.RandomWorkloads;
import io.rayon.engine.reservation.ReservationSystem;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.SharingPolicySpec;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** The validator catches deliberately broken plans (so it can fail) and accepts correct ones. */
class PlanValidatorTest {
  static final Resources B = Resources.of(1024, 1);

  private static List<Violation> check(String rdl, Step... steps) {
    return check(rdl, List.of(new AtomAllocation("", B, List.of(steps))));
  }

  private static List<Violation> check(String rdl, List<AtomAllocation> atoms) {
    Plan plan = Fixtures.aPlan(1, 8192, 8, 100);
    ReservationRequest r = Fixtures.req("r", rdl);
    plan.add(r, new ReservationAllocation("r", atoms));
    return PlanValidator.validate(plan, SharingPolicySpec.NONE);
  }

  private static AtomAllocation at(String path, Step... steps) {
    return new AtomAllocation(path, B, List.of(steps));
  }

  @Test
  void correctAllocationHasNoViolations() {
    assertThat(
            check(
                "atom(<1024,1>,2,4,3,24)",
                new Step(0, 3, 4),
                new Step(3, 6, 2),
                new Step(10, 13, 2)))
        .isEmpty();
  }

  @Test
  void countThatIsNotAMultipleOfTheGangIsReported() {
    assertThat(check("atom(<1024,1>,2,4,1,9)", new Step(0, 3, 3)))
        .anySatisfy(v -> assertThat(v.what()).contains("multiple of the gang"));
  }

  @Test
  void countAboveTheMaxParallelismIsReported() {
    assertThat(check("atom(<1024,1>,1,2,1,9)", new Step(0, 3, 3)))
        .anySatisfy(v -> assertThat(v.what()).contains("max parallelism"));
  }

  @Test
  void leaseShorterThanTheMinimumIsReportedUsingFifoDecomposition() {
    // two units start at 0 and one of them ends at 2: it was held 2 < 3 steps whatever the
    // decomposition
    List<Violation> v = check("atom(<1024,1>,1,2,3,7)", new Step(0, 2, 2), new Step(2, 5, 1));
    assertThat(v).anySatisfy(x -> assertThat(x.what()).contains("minimum lease"));
    // FIFO ends the oldest first: units start at 0 and 2; at 4 the one from 0 ends (4 steps), the
    // other at 5 (3)
    assertThat(
            check(
                "atom(<1024,1>,1,2,3,7)", new Step(0, 2, 1), new Step(2, 4, 2), new Step(4, 5, 1)))
        .isEmpty();
  }

  @Test
  void wrongTotalWorkIsReported() {
    assertThat(check("atom(<1024,1>,1,4,1,10)", new Step(0, 3, 3)))
        .anySatisfy(v -> assertThat(v.what()).contains("work is 10"));
  }

  @Test
  void allocationOutsideItsWindowIsReported() {
    List<Violation> v =
        check("window(atom(<1024,1>,1,4,1,8),10,20)", List.of(at("0", new Step(18, 22, 2))));
    assertThat(v).anySatisfy(x -> assertThat(x.what()).contains("outside the window [10,20)"));
  }

  @Test
  void allocationOutsideTheHorizonIsReported() {
    assertThat(check("atom(<1024,1>,1,4,1,8)", new Step(98, 102, 2)))
        .anySatisfy(v -> assertThat(v.what()).contains("horizon"));
  }

  @Test
  void overlappingOrderStagesAreReported() {
    List<Violation> v =
        check(
            "order(atom(<1024,1>,1,1,1,5),atom(<1024,1>,1,1,1,5))",
            List.of(at("0", new Step(0, 5, 1)), at("1", new Step(4, 9, 1))));
    assertThat(v).anySatisfy(x -> assertThat(x.what()).contains("order"));
    assertThat(
            check(
                "order(atom(<1024,1>,1,1,1,5),atom(<1024,1>,1,1,1,5))",
                List.of(at("0", new Step(0, 5, 1)), at("1", new Step(5, 10, 1)))))
        .isEmpty();
  }

  @Test
  void anyWithTwoAllocatedBranchesOrNoneIsReported() {
    String rdl = "any(atom(<1024,1>,1,1,1,5),atom(<1024,1>,1,1,1,5))";
    assertThat(check(rdl, List.of(at("0", new Step(0, 5, 1)), at("1", new Step(5, 10, 1)))))
        .anySatisfy(x -> assertThat(x.what()).contains("exactly one"));
    assertThat(check(rdl, List.of())).anySatisfy(x -> assertThat(x.what()).contains("no branch"));
    assertThat(check(rdl, List.of(at("1", new Step(5, 10, 1))))).isEmpty();
  }

  @Test
  void allWithAMissingChildIsReported() {
    assertThat(
            check(
                "all(atom(<1024,1>,1,1,1,5),atom(<1024,1>,1,1,1,5))",
                List.of(at("0", new Step(0, 5, 1)))))
        .anySatisfy(x -> assertThat(x.path()).isEqualTo("1"));
  }

  @Test
  void allocationForAPathThatIsNoAtomIsReported() {
    assertThat(
            check(
                "all(atom(<1024,1>,1,1,1,5))",
                List.of(at("0", new Step(0, 5, 1)), at("3", new Step(0, 1, 1)))))
        .anySatisfy(x -> assertThat(x.what()).contains("names no atom"));
  }

  @Test
  void wrongBundleIsReported() {
    assertThat(check("atom(<2048,1>,1,1,1,5)", new Step(0, 5, 1)))
        .anySatisfy(x -> assertThat(x.what()).contains("bundle"));
  }

  @Test
  void overCommittedCapacityIsReportedWithStepAndDimension() {
    List<Violation> v = check("atom(<1024,1>,1,10,1,10)", new Step(0, 1, 10));
    assertThat(v)
        .anySatisfy(
            x -> {
              assertThat(x.step()).isEqualTo(0L);
              assertThat(x.what()).contains("memoryMB");
            });
  }

  @Test
  void sharingPolicyViolationsAreReported() {
    Plan plan = Fixtures.aPlan(10, 8192, 8, 100);
    plan.add(
        Fixtures.req("r", "atom(<1024,1>,1,40,1,400)"),
        new ReservationAllocation(
            "r", List.of(new AtomAllocation("", B, List.of(new Step(0, 10, 40))))));
    assertThat(PlanValidator.validate(plan, SharingPolicySpec.NONE)).isEmpty();
    assertThat(PlanValidator.validate(plan, SharingPolicySpec.parse("instantaneous:0.2")))
        .anySatisfy(x -> assertThat(x.what()).contains("instantaneous"));
    assertThat(
            PlanValidator.validate(
                plan, SharingPolicySpec.parse("capacity-over-time:0.5,0.01,60m")))
        .anySatisfy(x -> assertThat(x.what()).contains("average"));
  }

  @Property(tries = 300)
  void addingOrRemovingOneBundleStepAnywhereBreaksAValidPlan(@ForAll long seed) {
    RandomWorkloads w = RandomWorkloads.of(seed);
    ReservationSystem rs =
        new ReservationSystem(w.plan(), new GreePlanner(), SharingPolicySpec.NONE);
    rs.submitAll(w.requests());
    Plan plan = (Plan) rs.plan();
    List<String> ids = new ArrayList<>(plan.reservationIds());
    ids.removeIf(id -> plan.allocationOf(id).atoms().isEmpty());
    if (ids.isEmpty()) return;
    SplittableRandom rnd = new SplittableRandom(seed);
    String id = ids.get(rnd.nextInt(ids.size()));
    ReservationAllocation a = plan.allocationOf(id);
    List<AtomAllocation> atoms = new ArrayList<>(a.atoms());
    int i = rnd.nextInt(atoms.size());
    AtomAllocation at = atoms.get(i);
    List<Step> steps = new ArrayList<>(at.steps());
    int j = rnd.nextInt(steps.size());
    Step s = steps.get(j);
    // never down to zero: an emptied any-branch may legitimately satisfy the any through a
    // zero-work branch
    steps.set(
        j,
        new Step(
            s.start(), s.end(), s.bundles() + (s.bundles() > 1 && rnd.nextBoolean() ? -1 : 1)));
    atoms.set(i, new AtomAllocation(at.path(), at.bundle(), steps));
    ReservationRequest req = plan.requestOf(id);
    plan.remove(id);
    plan.add(req, new ReservationAllocation(id, atoms));
    assertThat(PlanValidator.validate(plan, SharingPolicySpec.NONE))
        .as("seed %d, mutated %s", seed, id)
        .isNotEmpty();
  }

  @Test
  void anAllocationBeforeTheRequestsArrivalIsAViolation() {
    Plan plan = Fixtures.aPlan(1, 8192, 8, 100);
    ReservationRequest r =
        new ReservationRequest(
            "r",
            "r",
            "alice",
            "default",
            Fixtures.req("x", "atom(<1024,1>,1,4,1,40)").rdl(),
            0,
            20);
    plan.add(r, new ReservationAllocation("r", List.of(at("", new Step(15, 25, 4)))));
    assertThat(PlanValidator.validate(plan, SharingPolicySpec.NONE))
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.step()).isEqualTo(15L);
              assertThat(v.what()).contains("before the request arrives at step 20");
            });
    Plan ok = Fixtures.aPlan(1, 8192, 8, 100);
    ok.add(r, new ReservationAllocation("r", List.of(at("", new Step(20, 30, 4)))));
    assertThat(PlanValidator.validate(ok, SharingPolicySpec.NONE)).isEmpty();
  }

  /**
   * Mutations that keep the total work and every count, only moving allocations: an atom moved to
   * start one step before its request's arrival, an atom moved to end one step past its window, two
   * stages of an order swapped in time. Each must be caught, with the matching reason.
   */
  @Property(tries = 400)
  void movingAllocationsWithoutChangingTheirWorkBreaksAValidPlan(@ForAll long seed) {
    RandomWorkloads w = RandomWorkloads.arrivingAtRandom(seed);
    ReservationSystem rs =
        new ReservationSystem(w.plan(), new GreePlanner(), SharingPolicySpec.NONE);
    rs.submitAll(w.requests());
    Plan plan = (Plan) rs.plan();
    assertThat(PlanValidator.validate(plan, SharingPolicySpec.NONE))
        .as("seed %d before mutation", seed)
        .isEmpty();
    SplittableRandom rnd = new SplittableRandom(seed);
    List<String[]> candidates = new ArrayList<>(); // {id, kind, path, other path}
    for (String id : plan.reservationIds()) {
      ReservationRequest req = plan.requestOf(id);
      for (AtomAllocation a : plan.allocationOf(id).atoms()) {
        if (a.isEmpty()) continue;
        if (req.arrival() >= 1) candidates.add(new String[] {id, "arrival", a.path(), null});
        long[] win = window(req.rdl(), a.path());
        if (win[1] < plan.horizon() || win[0] >= 1)
          candidates.add(new String[] {id, "window", a.path(), null});
      }
      collectOrderPairs(id, req.rdl(), "", plan.allocationOf(id), plan.horizon(), candidates);
    }
    if (candidates.isEmpty()) return;
    String[] c = candidates.get(rnd.nextInt(candidates.size()));
    String id = c[0];
    ReservationRequest req = plan.requestOf(id);
    List<AtomAllocation> atoms = new ArrayList<>(plan.allocationOf(id).atoms());
    String expect;
    switch (c[1]) {
      case "arrival" -> {
        AtomAllocation a = find(atoms, c[2]);
        replace(atoms, shift(a, req.arrival() - 1 - a.start()));
        expect = "before the request arrives";
      }
      case "window" -> {
        AtomAllocation a = find(atoms, c[2]);
        long[] win = window(req.rdl(), c[2]);
        replace(
            atoms,
            win[1] < plan.horizon()
                ? shift(a, win[1] + 1 - a.end())
                : shift(a, win[0] - 1 - a.start()));
        expect = "outside the window";
      }
      default -> {
        AtomAllocation a = find(atoms, c[2]);
        AtomAllocation b = find(atoms, c[3]);
        replace(atoms, shift(a, b.start() - a.start()));
        replace(atoms, shift(b, a.start() - b.start()));
        expect = "order:";
      }
    }
    long workBefore = work(plan.allocationOf(id).atoms());
    plan.remove(id);
    plan.add(req, new ReservationAllocation(id, atoms));
    assertThat(work(atoms)).isEqualTo(workBefore);
    assertThat(PlanValidator.validate(plan, SharingPolicySpec.NONE))
        .as("seed %d, %s mutation of %s", seed, c[1], id)
        .anySatisfy(v -> assertThat(v.what()).contains(expect));
  }

  private static long work(List<AtomAllocation> atoms) {
    long n = 0;
    for (AtomAllocation a : atoms) for (Step s : a.steps()) n += s.bundles() * s.length();
    return n;
  }

  private static AtomAllocation find(List<AtomAllocation> atoms, String path) {
    for (AtomAllocation a : atoms) if (a.path().equals(path)) return a;
    throw new IllegalStateException(path);
  }

  private static void replace(List<AtomAllocation> atoms, AtomAllocation a) {
    for (int i = 0; i < atoms.size(); i++)
      if (atoms.get(i).path().equals(a.path())) atoms.set(i, a);
  }

  private static AtomAllocation shift(AtomAllocation a, long d) {
    List<Step> steps = new ArrayList<>();
    for (Step s : a.steps()) steps.add(new Step(s.start() + d, s.end() + d, s.bundles()));
    return new AtomAllocation(a.path(), a.bundle(), steps);
  }

  /** The intersection of the windows on the way from the root to the node at {@code path}. */
  private static long[] window(Rdl root, String path) {
    long lo = Long.MIN_VALUE;
    long hi = Long.MAX_VALUE;
    Rdl e = root;
    String[] parts = path.isEmpty() ? new String[0] : path.split("\\.");
    for (int k = 0; ; k++) {
      if (e instanceof Rdl.Window win) {
        lo = Math.max(lo, win.start());
        hi = Math.min(hi, win.finish());
      }
      if (k == parts.length) break;
      e = e.children().get(Integer.parseInt(parts[k]));
    }
    return new long[] {lo, hi};
  }

  /**
   * Pairs of allocated atoms that are (under windows) children i &lt; j of one order, swappable
   * inside the horizon.
   */
  private static void collectOrderPairs(
      String id,
      Rdl e,
      String path,
      ReservationAllocation alloc,
      long horizon,
      List<String[]> out) {
    List<Rdl> cs = e.children();
    if (e instanceof Rdl.Order) {
      List<AtomAllocation> stages = new ArrayList<>();
      for (int i = 0; i < cs.size(); i++) {
        String p = path.isEmpty() ? Integer.toString(i) : path + "." + i;
        Rdl c = cs.get(i);
        while (c instanceof Rdl.Window win) {
          c = win.expr();
          p = p + ".0";
        }
        if (!(c instanceof Rdl.Atom)) continue;
        for (AtomAllocation a : alloc.atoms())
          if (a.path().equals(p) && !a.isEmpty()) stages.add(a);
      }
      for (int i = 0; i < stages.size(); i++) {
        for (int j = i + 1; j < stages.size(); j++) {
          AtomAllocation a = stages.get(i);
          AtomAllocation b = stages.get(j);
          if (a.end() + (b.start() - a.start()) <= horizon)
            out.add(new String[] {id, "order", a.path(), b.path()});
        }
      }
    }
    for (int i = 0; i < cs.size(); i++) {
      collectOrderPairs(
          id,
          cs.get(i),
          path.isEmpty() ? Integer.toString(i) : path + "." + i,
          alloc,
          horizon,
          out);
    }
  }
}
