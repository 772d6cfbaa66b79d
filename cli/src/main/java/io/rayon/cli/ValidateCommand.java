package io.rayon.cli;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plan.PlanValidator;
import io.rayon.engine.plan.Violation;
import io.rayon.model.io.FormatException;
import io.rayon.model.io.PlanFileIO;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.PlanFile;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.scenario.SharingPolicySpec;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rayon validate SCENARIO PLAN.json}: checks a saved plan with the independent {@link
 * PlanValidator} (capacity, RDL semantics of every accepted reservation, sharing policy). The
 * policy is the scenario's, or {@code --policy}; the policy a plan file names is only reported,
 * never trusted. Exit 0 when valid, 1 listing every violation, 2 when a file cannot be used.
 */
@Command(
    name = "validate",
    mixinStandardHelpOptions = true,
    description =
        "Check a plan file against its scenario: capacity, RDL semantics, sharing policy.")
public final class ValidateCommand implements Callable<Integer> {
  @Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "SCENARIO", description = "scenario JSON file")
  Path scenario;

  @Parameters(
      index = "1",
      paramLabel = "PLAN",
      description = "plan JSON file written by 'rayon plan --out'")
  Path planFile;

  @Option(names = "--json", description = "print {\"valid\":...,\"violations\":[...]} as JSON")
  boolean json;

  @Option(
      names = "--policy",
      paramLabel = "POLICY",
      description =
          "check against this sharing policy instead of the scenario's (as 'plan --policy' planned with);"
              + " the policy the plan file names is never trusted")
  String policyOverride;

  @Override
  public Integer call() {
    Scenario s = CliSupport.loadValidScenario(scenario);
    PlanFile pf;
    try {
      pf = PlanFileIO.read(planFile);
    } catch (FormatException e) {
      throw new CliSupport.BadInputException(e.getMessage(), e);
    }
    // the scenario's policy (or --policy), never the one the plan file claims: a plan that writes
    // "policy":"none" must not escape the limits its scenario sets
    SharingPolicySpec policy;
    try {
      policy = policyOverride == null ? s.sharingPolicy() : SharingPolicySpec.parse(policyOverride);
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException("--policy: " + e.getMessage());
    }
    String claimed = pf.policy();
    boolean claimDiffers;
    try {
      claimDiffers = claimed != null && !SharingPolicySpec.parse(claimed).equals(policy);
    } catch (IllegalArgumentException e) {
      claimDiffers = true;
    }
    Plan plan;
    try {
      plan = Plan.fromScenario(s);
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException(scenario + ": " + e.getMessage());
    } catch (ArithmeticException e) {
      throw CliSupport.tooLarge(scenario.toString(), e);
    }
    if (pf.stepSeconds() != plan.stepSeconds()) {
      throw new CliSupport.BadInputException(
          planFile
              + " at $.stepSeconds: "
              + pf.stepSeconds()
              + " differs from the scenario's step length "
              + plan.stepSeconds()
              + "; was the plan made for another scenario?");
    }
    if (pf.horizonSteps() != 0 && pf.horizonSteps() != plan.horizon()) {
      throw new CliSupport.BadInputException(
          planFile
              + " at $.horizonSteps: "
              + pf.horizonSteps()
              + " differs from the scenario's horizon "
              + plan.horizon()
              + "; was the plan made for another scenario?");
    }
    Map<String, ReservationRequest> requests = new HashMap<>();
    for (ReservationRequest r : s.reservations()) requests.put(r.id(), r);
    for (int i = 0; i < pf.decisions().size(); i++) {
      Decision d = pf.decisions().get(i);
      String at = planFile + " at $.decisions[" + i + "]";
      ReservationRequest r = requests.get(d.reservationId());
      if (r == null) {
        throw new CliSupport.BadInputException(
            at
                + ".reservationId: no reservation '"
                + d.reservationId()
                + "' in scenario "
                + scenario);
      }
      if (!d.accepted()) continue;
      if (d.allocation() == null)
        throw new CliSupport.BadInputException(at + ": accepted but has no allocation");
      if (!d.reservationId().equals(d.allocation().reservationId())) {
        throw new CliSupport.BadInputException(
            at
                + ".allocation.reservationId: '"
                + d.allocation().reservationId()
                + "' differs from the decision's '"
                + d.reservationId()
                + "'");
      }
      if (plan.contains(r.id()))
        throw new CliSupport.BadInputException(at + ": second decision for '" + r.id() + "'");
      try {
        plan.add(r, d.allocation());
      } catch (ArithmeticException e) {
        throw new CliSupport.BadInputException(
            at
                + ".allocation: numbers too large to compute with (bundles times"
                + " the bundle, or a step range, exceed "
                + Long.MAX_VALUE
                + ")",
            e);
      }
    }
    List<Violation> vs;
    try {
      vs = PlanValidator.validate(plan, policy);
    } catch (ArithmeticException e) {
      throw new CliSupport.BadInputException(
          planFile
              + ": numbers too large to compute with ("
              + Long.MAX_VALUE
              + " exceeded while adding up allocations)",
          e);
    }
    PrintWriter w = spec.commandLine().getOut();
    if (json) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("valid", vs.isEmpty());
      m.put("reservations", plan.reservationIds().size());
      m.put("policy", policy.toString());
      if (claimDiffers) m.put("planFilePolicy", claimed);
      List<Map<String, Object>> list = new ArrayList<>();
      for (Violation v : vs) {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("reservation", v.reservationId());
        x.put("path", v.path());
        x.put("step", v.step());
        x.put("what", v.what());
        list.add(x);
      }
      m.put("violations", list);
      CliSupport.printJson(w, m);
    } else if (vs.isEmpty()) {
      w.println(
          "valid: "
              + plan.reservationIds().size()
              + " accepted reservations, capacity, RDL semantics and policy "
              + policy
              + " respected");
    } else {
      for (Violation v : vs) w.println("violation: " + v);
      w.println(vs.size() + " violation" + (vs.size() == 1 ? "" : "s"));
    }
    if (!json && claimDiffers) {
      w.println(
          "note: the plan file names policy "
              + claimed
              + "; it was checked against "
              + policy
              + (policyOverride == null ? ", the scenario's" : ", given by --policy"));
    }
    w.flush();
    return vs.isEmpty() ? CliSupport.EXIT_OK : CliSupport.EXIT_FAILURE;
  }
}
