package io.rayon.engine.planning;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The registry of planners by command-line name. GREE ({@value GreePlanner#NAME}) and GREE-L
 * ({@value GreeLPlanner#NAME}) are built in; other planners (for example "milp", "hybrid") add
 * themselves with {@link #register} in a static block of this class, so the CLI and the GUI offer
 * them without further changes. A planner that reports extra figures (a solver gap, a status)
 * implements {@link ReportingPlanner}.
 */
public final class Planners {
  private Planners() {}

  private static final Map<String, Function<PlannerOptions, Planner>> FACTORIES = new LinkedHashMap<>();

  static {
    register(GreePlanner.NAME, o -> new GreePlanner());
    register(GreeLPlanner.NAME, o -> new GreeLPlanner());
    register(io.rayon.engine.planning.milp.MilpPlanner.NAME,
        o -> new io.rayon.engine.planning.milp.MilpPlanner(io.rayon.engine.planning.milp.MilpOptions.from(o)));
    register(io.rayon.engine.planning.milp.HybridPlanner.NAME,
        o -> new io.rayon.engine.planning.milp.HybridPlanner(io.rayon.engine.planning.milp.MilpOptions.from(o)));
  }

  /** Adds (or replaces) a planner under a name. */
  public static synchronized void register(String name, Function<PlannerOptions, Planner> factory) {
    FACTORIES.put(name, factory);
  }

  /** The registered names, in registration order. */
  public static synchronized List<String> names() {
    return List.copyOf(FACTORIES.keySet());
  }

  public static Planner byName(String name) {
    return byName(name, PlannerOptions.NONE);
  }

  /**
   * A new planner by name.
   *
   * @throws IllegalArgumentException naming the known planners when {@code name} is unknown, or
   *     when the planner rejects its options
   */
  public static synchronized Planner byName(String name, PlannerOptions options) {
    Function<PlannerOptions, Planner> f = FACTORIES.get(name);
    if (f == null) {
      throw new IllegalArgumentException("unknown planner '" + name + "'; known planners: " + String.join(", ", FACTORIES.keySet()));
    }
    return f.apply(options == null ? PlannerOptions.NONE : options);
  }
}
