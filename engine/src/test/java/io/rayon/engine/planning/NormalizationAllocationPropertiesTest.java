package io.rayon.engine.planning;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.rdl.RdlCompiler;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Normalization and placement, compared on the same plan (planners place expressions as written,
 * docs/decisions/0006): for every request of a random workload, in turn, the written expression and
 * its normalized form are placed on the same plan; each accepted allocation, renamed to the other
 * form's atoms, must satisfy the other form (checked by the independent validator), and GREE, whose
 * traversal normalization does not change, must find the same allocation for both. Expressions
 * whose normalization unifies atoms (so the atoms no longer correspond one to one) are compared
 * only through work and duration in {@code RdlPropertiesTest}.
 */
class NormalizationAllocationPropertiesTest {

  @Property(tries = 500)
  void greeFindsTheSameAllocationForAnExpressionAndItsNormalizedForm(@ForAll long seed) {
    compare(seed, new GreePlanner(), true);
  }

  @Property(tries = 500)
  void greeLsAllocationsOfEitherFormSatisfyTheOther(@ForAll long seed) {
    compare(seed, new GreeLPlanner(), false);
  }

  private static void compare(long seed, Planner planner, boolean identical) {
    RandomWorkloads w = RandomWorkloads.arrivingAtRandom(seed);
    Plan plan = w.plan();
    PlanningContext ctx = PlanningContext.DEFAULT;
    for (ReservationRequest r : w.requests()) {
      Rdl e = r.rdl();
      if (RdlChecks.validate(e) != null) continue;
      Rdl n = RdlCompiler.normalize(e);
      List<String> pe = new ArrayList<>();
      List<Rdl.Atom> ae = new ArrayList<>();
      atoms(e, "", pe, ae);
      List<String> pn = new ArrayList<>();
      List<Rdl.Atom> an = new ArrayList<>();
      atoms(n, "", pn, an);
      ReservationRequest rn =
          new ReservationRequest(
              r.id(), r.name(), r.user(), r.queue(), n, r.priority(), r.arrival());
      Decision de = planner.place(plan, r, ctx);
      if (ae.equals(an)) {
        Decision dn = planner.place(plan, rn, ctx);
        String what = "seed " + seed + ", " + planner.name() + ": " + e + " normalized to " + n;
        if (de.accepted()) {
          ReservationAllocation renamed = rename(de.allocation(), pe, pn);
          assertThat(PlanValidator.validateReservation(rn, renamed, plan.horizon()))
              .as(what)
              .isEmpty();
        }
        if (dn.accepted()) {
          ReservationAllocation renamed = rename(dn.allocation(), pn, pe);
          assertThat(PlanValidator.validateReservation(r, renamed, plan.horizon()))
              .as(what)
              .isEmpty();
        }
        if (identical) {
          assertThat(dn.accepted()).as(what).isEqualTo(de.accepted());
          if (de.accepted()) {
            assertThat(byPath(rename(dn.allocation(), pn, pe)))
                .as(what)
                .isEqualTo(byPath(de.allocation()));
          }
        }
      }
      if (de.accepted()) plan.add(r, de.allocation());
    }
  }

  private static Map<String, AtomAllocation> byPath(ReservationAllocation a) {
    Map<String, AtomAllocation> m = new HashMap<>();
    for (AtomAllocation x : a.atoms()) if (!x.isEmpty()) m.put(x.path(), x);
    return m;
  }

  private static ReservationAllocation rename(
      ReservationAllocation a, List<String> from, List<String> to) {
    List<AtomAllocation> out = new ArrayList<>();
    for (AtomAllocation x : a.atoms()) {
      out.add(new AtomAllocation(to.get(from.indexOf(x.path())), x.bundle(), x.steps()));
    }
    return new ReservationAllocation(a.reservationId(), out);
  }

  /** The atoms of an expression and their paths, depth first, left to right. */
  private static void atoms(Rdl e, String path, List<String> paths, List<Rdl.Atom> atoms) {
    if (e instanceof Rdl.Atom a) {
      paths.add(path);
      atoms.add(a);
      return;
    }
    for (int i = 0; i < e.children().size(); i++) {
      atoms(
          e.children().get(i), path.isEmpty() ? Integer.toString(i) : path + "." + i, paths, atoms);
    }
  }
}
