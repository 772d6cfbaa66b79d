package io.rayon.engine.sim.rush;

import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.plugin.Options;
import io.rayon.engine.plugin.Plugin;
import io.rayon.engine.plugin.Registry;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The one registry of schedulers for RUSH scenarios ({@link #REGISTRY}): the RUSH feedback loop
 * ({@value RushFeedbackScheduler#NAME}, its options {@link
 * io.rayon.engine.rush.RushOptions#specs()}) and the three baselines of the RUSH paper's §V.B,
 * FIFO, EDF and the risk-reward heuristic. {@code rayon simulate RUSH-FILE --scheduler NAME -O
 * name=value}, its help and the Simulation tab are generated from these descriptions. A new
 * scheduler implements {@link RushScheduler} and is one more entry below.
 */
public final class RushSchedulers {
  private RushSchedulers() {}

  private record Entry(
      String name,
      String description,
      List<OptionSpec> options,
      Function<Options, RushScheduler> make)
      implements Plugin<RushScheduler> {
    @Override
    public RushScheduler create(Options o) {
      return make.apply(o);
    }
  }

  /** The schedulers, in the order front-ends offer them. */
  public static final Registry<RushScheduler> REGISTRY =
      Registry.of(
          "RUSH scheduler",
          List.of(
              new Entry(
                  RushFeedbackScheduler.NAME,
                  "RUSH (ICDCS 2016, §IV): at every event re-estimate demands, re-solve"
                      + " (worst-case estimation, onion peeling, slot mapping) and give each free container to the job furthest below"
                      + " its new assignment",
                  RushFeedbackScheduler.specs(),
                  RushFeedbackScheduler::from),
              new Entry(
                  FifoScheduler.NAME,
                  "first in, first out: the oldest waiting job takes the free containers",
                  List.of(),
                  o -> new FifoScheduler()),
              new Entry(
                  EdfScheduler.NAME,
                  "earliest deadline first: the waiting job with the earliest arrival + time budget"
                      + " takes the free containers",
                  List.of(),
                  o -> new EdfScheduler()),
              new Entry(
                  RrhScheduler.NAME,
                  "risk-reward heuristic (Irwin et al., HPDC'04): discounted utility gain against the"
                      + " utility the other jobs lose while it runs, per remaining time",
                  RrhScheduler.specs(),
                  RrhScheduler::from)));

  /** The registered names, in registration order. */
  public static List<String> names() {
    return REGISTRY.names();
  }

  /**
   * A new scheduler by name, its options checked against its description.
   *
   * @throws IllegalArgumentException naming the known schedulers or the option and its allowed
   *     values
   */
  public static RushScheduler create(String name, Map<String, String> options) {
    return REGISTRY.create(name, options == null ? Map.of() : options);
  }
}
