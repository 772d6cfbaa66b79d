package io.rayon.yarn;

import io.rayon.model.live.YarnInterpreter;
import io.rayon.model.live.YarnReservationDefinition;
import io.rayon.model.live.YarnStage;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Exports a planned allocation itself ({@code rayon yarn export --pinned}), so YARN holds exactly
 * Rayon's plan rather than re-planning the request.
 *
 * <p>The reservation's allocation in the plan is cut into maximal runs of constant allocation (the
 * same bundles in the same counts over consecutive steps). Each run becomes one stage: {@code
 * capability} = the run's bundle, {@code num-containers = min-concurrency} = its bundle count (one
 * gang, so YARN places all of them together), {@code duration} = the run's length in ms. The stages
 * go in time order under {@code R_ORDER_NO_GAP}, with {@code arrival} = the allocation's first step
 * and {@code deadline} = its end. The durations then fill the window exactly and YARN has one
 * placement left: the plan's ({@link YarnReservationDefinition#pinnedAllocations()}). Hadoop's
 * agents (greedy, either direction) place the stages of an {@code R_ORDER_NO_GAP} definition back
 * to back inside the window, so a plan that fits YARN's capacity is accepted as it is.
 *
 * <p>What cannot be pinned (a problem naming the reservation and the steps): a reservation the plan
 * rejected or never decided; an allocation with a gap (steps holding nothing between its first and
 * last step; {@code R_ORDER_NO_GAP} has no empty stage, since YARN needs at least one container per
 * stage); a run that holds bundles of different sizes that no one bundle divides (a stage has one
 * container size); bundles with resources other than memory and vcores. When different sizes are
 * all whole multiples of the smallest, the stage counts them in that unit and a warning says so
 * (the resources over time are the plan's, the container sizes YARN sees are not).
 */
public final class YarnPinnedTranslator {
  private final long stepMs;

  public YarnPinnedTranslator(long stepSeconds) {
    if (stepSeconds <= 0)
      throw new IllegalArgumentException("step length must be positive, was " + stepSeconds + " s");
    this.stepMs = stepSeconds * 1000;
  }

  public long stepMs() {
    return stepMs;
  }

  /**
   * Pins {@code r}'s allocation in the plan ({@code decision}, null when the plan has none) for
   * plan step 0 at epoch millisecond {@code originMs}, into {@code queue} (the request's own when
   * null).
   */
  public YarnTranslation pin(ReservationRequest r, Decision decision, long originMs, String queue) {
    String q = queue == null || queue.isBlank() ? r.queue() : queue;
    List<String> notes = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    List<YarnTranslation.Problem> problems = new ArrayList<>();
    if (decision == null) {
      problems.add(
          new YarnTranslation.Problem(
              "plan",
              "",
              "the plan has no decision for it; nothing to pin."
                  + " Maybe plan the whole scenario, or export without --pinned"));
      return new YarnTranslation(
          r.id(), q, originMs, stepMs, 0, 0, null, notes, problems, warnings);
    }
    if (!decision.accepted() || decision.allocation() == null) {
      problems.add(
          new YarnTranslation.Problem(
              "plan",
              "",
              "the plan rejected it ("
                  + (decision.rejection() == null ? "no reason given" : decision.rejection())
                  + "); nothing to pin."
                  + " Maybe export without --pinned to let YARN plan it"));
      return new YarnTranslation(
          r.id(), q, originMs, stepMs, 0, 0, null, notes, problems, warnings);
    }
    ReservationAllocation alloc = decision.allocation();
    List<Run> runs = runs(alloc);
    if (runs.isEmpty()) {
      problems.add(
          new YarnTranslation.Problem(
              "plan", "", "the plan holds no resources for it; nothing to pin"));
      return new YarnTranslation(
          r.id(), q, originMs, stepMs, 0, 0, null, notes, problems, warnings);
    }
    long start = runs.get(0).start();
    long end = runs.get(runs.size() - 1).end();
    List<String> gaps = new ArrayList<>();
    for (int i = 1; i < runs.size(); i++) {
      if (runs.get(i - 1).end() < runs.get(i).start())
        gaps.add("[" + runs.get(i - 1).end() + "," + runs.get(i).start() + ")");
    }
    if (!gaps.isEmpty()) {
      problems.add(
          new YarnTranslation.Problem(
              "plan",
              "",
              "the plan holds nothing for it during steps "
                  + String.join(", ", gaps)
                  + " inside its allocation ["
                  + start
                  + ","
                  + end
                  + "); a pinned YARN reservation"
                  + " (R_ORDER_NO_GAP) cannot leave a gap and a YARN stage holds at least one container."
                  + " Maybe export without --pinned"));
    }
    List<YarnStage> stages = new ArrayList<>();
    for (Run run : runs) {
      YarnStage st = stage(run, problems, warnings);
      if (st != null) stages.add(st);
    }
    if (!problems.isEmpty())
      return new YarnTranslation(
          r.id(), q, originMs, stepMs, start, end, null, notes, problems, warnings);
    notes.add(
        "pinned to the plan's allocation ["
            + start
            + ","
            + end
            + ") as "
            + stages.size()
            + " stage(s) of one gang each under R_ORDER_NO_GAP: YARN can place it only as planned");
    YarnReservationDefinition def =
        new YarnReservationDefinition(
            r.name(),
            originMs + start * stepMs,
            originMs + end * stepMs,
            YarnInterpreter.R_ORDER_NO_GAP,
            stages,
            null,
            null);
    return new YarnTranslation(
        r.id(), q, originMs, stepMs, start, end, def, notes, problems, warnings);
  }

  /** A maximal run of steps {@code [start, end)} holding the same bundle counts. */
  record Run(long start, long end, Map<Resources, Long> counts) {}

  /** The allocation cut into maximal runs of constant, non-empty bundle counts, in time order. */
  static List<Run> runs(ReservationAllocation alloc) {
    TreeSet<Long> cuts = new TreeSet<>();
    for (AtomAllocation a : alloc.atoms()) {
      for (Step s : a.steps()) {
        cuts.add(s.start());
        cuts.add(s.end());
      }
    }
    List<Run> out = new ArrayList<>();
    Long prev = null;
    for (long t : cuts) {
      if (prev != null) {
        Map<Resources, Long> counts = new TreeMap<>(YarnPinnedTranslator::compare);
        for (AtomAllocation a : alloc.atoms()) {
          long n = a.bundlesAt(prev);
          if (n > 0) counts.merge(a.bundle(), n, Long::sum);
        }
        if (!counts.isEmpty()) {
          Run last = out.isEmpty() ? null : out.get(out.size() - 1);
          if (last != null && last.end() == prev && last.counts().equals(counts)) {
            out.set(out.size() - 1, new Run(last.start(), t, last.counts()));
          } else {
            out.add(new Run(prev, t, counts));
          }
        }
      }
      prev = t;
    }
    return out;
  }

  private YarnStage stage(Run run, List<YarnTranslation.Problem> problems, List<String> warnings) {
    String steps = "steps [" + run.start() + "," + run.end() + ")";
    for (Resources b : run.counts().keySet()) {
      if (!b.extras().isEmpty()) {
        problems.add(
            new YarnTranslation.Problem(
                "plan",
                "",
                steps
                    + " hold bundles "
                    + b
                    + " with "
                    + b.extras().keySet()
                    + "; YARN's reservation REST API carries memory and vcores only"));
        return null;
      }
    }
    Resources unit;
    long n = 0;
    if (run.counts().size() == 1) {
      var e = run.counts().entrySet().iterator().next();
      unit = e.getKey();
      n = e.getValue();
    } else {
      unit = run.counts().keySet().iterator().next();
      for (Resources b : run.counts().keySet()) if (smaller(b, unit)) unit = b;
      Map<Resources, Long> held = new LinkedHashMap<>(run.counts());
      for (var e : held.entrySet()) {
        long f = multiple(e.getKey(), unit);
        if (f < 0) {
          problems.add(
              new YarnTranslation.Problem(
                  "plan",
                  "",
                  steps
                      + " hold "
                      + describe(held)
                      + " at once; a YARN stage"
                      + " has one container size and "
                      + e.getKey()
                      + " is not a whole multiple of "
                      + unit
                      + ". Maybe export without --pinned"));
          return null;
        }
        n += f * e.getValue();
      }
      warnings.add(
          steps
              + " hold "
              + describe(held)
              + " at once; a YARN stage has one container size, so YARN sees "
              + n
              + " containers of "
              + unit
              + " (the same resources)");
    }
    if (n > Integer.MAX_VALUE) {
      problems.add(
          new YarnTranslation.Problem(
              "plan", "", steps + " hold " + n + " containers, more than YARN accepts"));
      return null;
    }
    return new YarnStage(unit, (int) n, (int) n, (run.end() - run.start()) * stepMs);
  }

  private static String describe(Map<Resources, Long> counts) {
    List<String> parts = new ArrayList<>();
    counts.forEach((b, n) -> parts.add(n + " × " + b));
    return String.join(" and ", parts);
  }

  private static boolean smaller(Resources a, Resources b) {
    return compare(a, b) < 0;
  }

  private static int compare(Resources a, Resources b) {
    int c = Long.compare(a.memoryMB(), b.memoryMB());
    if (c != 0) return c;
    c = Long.compare(a.vcores(), b.vcores());
    return c != 0 ? c : a.toString().compareTo(b.toString());
  }

  /** k when {@code r == c × k} for a whole k ≥ 1, else -1. */
  static long multiple(Resources r, Resources c) {
    long k =
        c.memoryMB() > 0
            ? r.memoryMB() / c.memoryMB()
            : c.vcores() > 0 ? r.vcores() / c.vcores() : -1;
    if (k < 1) return -1;
    return c.times(k).equals(r) ? k : -1;
  }
}
