package io.rayon.engine.planners;

import io.rayon.engine.planning.GreeLPlanner;
import io.rayon.engine.planning.GreePlanner;
import io.rayon.engine.planning.GreedyOptions;
import io.rayon.engine.planning.GreelPlusPlanner;
import io.rayon.engine.planning.Planner;
import io.rayon.engine.planning.PlannerOptions;
import io.rayon.engine.planning.milp.HybridPlanner;
import io.rayon.engine.planning.milp.MilpOptions;
import io.rayon.engine.planning.milp.MilpPlanner;
import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.plugin.Options;
import io.rayon.engine.plugin.Plugin;
import io.rayon.engine.plugin.Registry;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The one registry of planners ({@link #REGISTRY}): {@value GreelPlusPlanner#NAME} (ours, offered
 * first), GREE ({@value GreePlanner#NAME}), GREE-L ({@value GreeLPlanner#NAME}), the MILP ({@value
 * MilpPlanner#NAME}) and the hybrid ({@value HybridPlanner#NAME}), each a {@link Plugin} that
 * describes its own options ({@link OptionSpec}: name, type, default, range, help). The CLI's
 * {@code -O name=value}, {@code rayon plan --list-options} and the Plan tab's option controls are
 * generated from these descriptions, so a new planner is one more entry in the list below. A
 * planner that reports extra figures (a solver gap, a status) implements {@link ReportingPlanner}.
 */
public final class Planners {
  private Planners() {}

  /**
   * The MILP's options, as its own {@link MilpOptions#from} reads them (the {@code --time-limit}
   * and {@code --grid} flags of {@code rayon plan} set the first two).
   */
  static final List<OptionSpec> MILP_OPTIONS =
      List.of(
          OptionSpec.duration(
              "time-limit",
              "60s",
              0.001,
              7 * 86_400,
              "wall time the solver may use per solve; on timeout the best solution found so far is kept"),
          OptionSpec.text(
              "grid",
              "auto",
              "plan steps per model step: a whole number of at least 1 fixes the time aggregation; auto coarsens a"
                  + " model too large for the time limit"),
          OptionSpec.decimal(
              "preemption-weight",
              1.0,
              0,
              1e9,
              "weight of the preemption term of the objective (the paper's §4.1.1); 0 switches it off"),
          OptionSpec.integer("threads", 1, 1, 256, "solver threads"),
          OptionSpec.bool(
              "rigid-gang-rewrite",
              true,
              "rewrite non-rigid gang atoms into all(order(...)) of rigid atoms, as the paper's eq. (7) does;"
                  + " false states their minimum lease directly"),
          OptionSpec.text(
              "memory",
              "",
              "heap the model may take (bytes, or 512m, 2g); a model estimated above it is refused up front;"
                  + " empty: three quarters of the free heap (the CLI and the app fill it in)"));

  private record Entry(
      String name, String description, List<OptionSpec> options, Function<Options, Planner> make)
      implements Plugin<Planner> {
    @Override
    public Planner create(Options o) {
      return make.apply(o);
    }
  }

  /** The planners, in the order front-ends offer them. */
  public static final Registry<Planner> REGISTRY =
      Registry.of(
          "planner",
          List.of(
              new Entry(
                  GreelPlusPlanner.NAME,
                  "GREE-L with the improvements that measured better (ours, recommended): each request"
                      + " as early as it fits, else as late, flat shapes with GREE's fallback",
                  GreelPlusPlanner.specs(),
                  GreelPlusPlanner::from),
              new Entry(
                  GreePlanner.NAME,
                  "GREE, the procrastinating greedy heuristic (Rayon §4.2): each job as late as it fits",
                  GreedyOptions.greeSpecs(),
                  o -> new GreePlanner(GreedyOptions.from(o))),
              new Entry(
                  GreeLPlanner.NAME,
                  "GREE-L, the low-preemption greedy heuristic (Rayon Algorithm 1): flat shapes in guessed intervals",
                  GreedyOptions.greeLSpecs(),
                  o -> new GreeLPlanner(GreedyOptions.from(o))),
              new Entry(
                  MilpPlanner.NAME,
                  "the MILP of Rayon §4.1, solved with ojAlgo (offline, a batch at a time)",
                  MILP_OPTIONS,
                  o -> new MilpPlanner(milpOptions(o))),
              new Entry(
                  HybridPlanner.NAME,
                  "the MILP for a batch, keeping GREE-L's or GREE's plan when that is better",
                  MILP_OPTIONS,
                  o -> new HybridPlanner(milpOptions(o)))));

  /** The registered names, in registration order. */
  public static List<String> names() {
    return REGISTRY.names();
  }

  /** The planner's plug-in: description and option specs. */
  public static Plugin<Planner> plugin(String name) {
    return REGISTRY.get(name);
  }

  public static Planner byName(String name) {
    return byName(name, PlannerOptions.NONE);
  }

  /**
   * A new planner by name, its options checked against its description.
   *
   * @throws IllegalArgumentException naming the known planners when {@code name} is unknown, or the
   *     option and its allowed values when an option is unknown or bad
   */
  public static Planner byName(String name, PlannerOptions options) {
    Map<String, String> raw = new LinkedHashMap<>(options == null ? Map.of() : options.values());
    return REGISTRY.create(name, raw);
  }

  private static MilpOptions milpOptions(Options o) {
    String grid = o.text("grid").strip();
    if (!grid.equalsIgnoreCase("auto")) {
      boolean ok;
      try {
        ok = Integer.parseInt(grid) >= 1;
      } catch (NumberFormatException e) {
        ok = false;
      }
      if (!ok)
        throw new IllegalArgumentException(
            "option grid=" + grid + " is not valid; write auto or a whole number of at least 1");
    }
    Map<String, String> m = new LinkedHashMap<>(o.given());
    if (o.isSet("time-limit")) m.put("time-limit", o.duration("time-limit").toMillis() + "ms");
    return MilpOptions.from(new PlannerOptions(m));
  }
}
