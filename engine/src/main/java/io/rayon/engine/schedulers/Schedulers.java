package io.rayon.engine.schedulers;

import io.rayon.engine.estimation.Availability;
import io.rayon.engine.estimation.EstimationPolicy;
import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.plugin.Options;
import io.rayon.engine.plugin.Plugin;
import io.rayon.engine.plugin.Registry;
import io.rayon.engine.sim.ReservationPolicy;
import io.rayon.engine.sim.SchedulerPolicy;
import io.rayon.engine.sim.adaptive.AdaptivePlugins;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The one registry of simulator schedulers ({@link #REGISTRY}): the reservation model ({@value
 * #RESERVATION}), the estimation model ({@value #ESTIMATION}), Rayon's adaptive scheduler and the
 * CapacityScheduler baseline ({@link AdaptivePlugins}), each a {@link Plugin} that describes its
 * own options ({@link OptionSpec}: name, type, default, range, help). {@code rayon simulate -O
 * name=value} and its {@code --help}, and the Simulation tab's option controls are generated from
 * these descriptions; {@link SimulationRun} turns a name and options into a run. A new scheduler
 * implements {@link SchedulerPolicy} and is one more entry in the list below; the {@link
 * io.rayon.engine.sim.Simulator} knows schedulers only through that interface.
 */
public final class Schedulers {
  private Schedulers() {}

  public static final String RESERVATION = "reservation";
  public static final String ESTIMATION = "estimation";

  /** The estimation model's options; the defaults are the paper's simulator (§V). */
  static final List<OptionSpec> ESTIMATION_OPTIONS =
      List.of(
          OptionSpec.decimal(
              "damping",
              EstimationPolicy.DEFAULT_DAMPING,
              0,
              1,
              "damping factor α of eq. 1, the weight of a new measurement (the paper selects 0.125, §V.C);"
                  + " 0 never learns from measurements and acts like the reservation model"),
          OptionSpec.choice(
              "availability",
              Availability.PAPER_SIM.id(),
              Arrays.stream(Availability.values()).map(Availability::id).toList(),
              "what a node offers: paper-sim is AR − EU, the allowance minus the estimate (the paper's simulator,"
                  + " §V); yarn-prototype is min(AR − ACU, NC − EU) (the paper's YARN prototype, §VI eq. 5–6)"));

  private record Entry(
      String name,
      String description,
      List<OptionSpec> options,
      Function<Options, SchedulerPolicy> make)
      implements Plugin<SchedulerPolicy> {
    @Override
    public SchedulerPolicy create(Options o) {
      return make.apply(o);
    }
  }

  /** The schedulers, in the order front-ends offer them. */
  public static final Registry<SchedulerPolicy> REGISTRY =
      Registry.of(
          "scheduler",
          List.of(
              new Entry(
                  RESERVATION,
                  "the reservation model (YARN's default, the estimation paper's §V baseline):"
                      + " a node offers its allowance minus the requests of its running tasks",
                  List.of(),
                  o -> new ReservationPolicy()),
              new Entry(
                  ESTIMATION,
                  "the estimation model (estimation paper §IV): a node offers what its damped usage"
                      + " estimate leaves free",
                  ESTIMATION_OPTIONS,
                  o ->
                      new EstimationPolicy(
                          o.decimal("damping"), Availability.parse(o.text("availability")))),
              AdaptivePlugins.RAYON,
              AdaptivePlugins.CAPACITY));

  /** The registered names, in registration order. */
  public static List<String> names() {
    return REGISTRY.names();
  }

  /** The scheduler's plug-in: description and option specs. */
  public static Plugin<SchedulerPolicy> plugin(String name) {
    return REGISTRY.get(name);
  }

  /**
   * A new scheduler by name, its options checked against its description.
   *
   * @throws IllegalArgumentException naming the known schedulers when {@code name} is unknown, or
   *     the option and its allowed values when an option is unknown or bad
   */
  public static SchedulerPolicy create(String name, Map<String, String> options) {
    return REGISTRY.create(name, options == null ? Map.of() : options);
  }
}
