package io.rayon.engine.sim.adaptive;

import io.rayon.engine.planners.Planners;
import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.plugin.Options;
import io.rayon.engine.plugin.Plugin;
import io.rayon.engine.sim.SchedulerPolicy;
import java.util.List;

/**
 * The plug-ins of Rayon's end-to-end schedulers for the simulator registry ({@code
 * io.rayon.engine.schedulers.Schedulers}): {@value RayonScheduler#NAME} ({@link RayonScheduler})
 * and {@value CapacityBaseline#NAME} ({@link CapacityBaseline}), with their options; the defaults
 * are the paper's end-to-end setting (Rayon §6.4).
 */
public final class AdaptivePlugins {
  private AdaptivePlugins() {}

  /** The rayon scheduler's options. */
  public static final List<OptionSpec> RAYON_OPTIONS =
      List.of(
          OptionSpec.choice(
              "planner",
              "greel",
              Planners.names(),
              "the planner that admits and places the reservations (§6.4 uses GREE-L)"),
          OptionSpec.decimal(
              "reservable",
              0.7,
              0.01,
              1,
              "share of the cluster's capacity reservations may hold (§6.4: 70%; the rest is the default queue's)"),
          OptionSpec.decimal(
              "over-reserve",
              0,
              0,
              10,
              "extra work every reservation asks for, e.g. 0.5 for +50% (§6.4.2's over-reservation experiment; 0 = exact)"),
          OptionSpec.bool(
              "preemption",
              true,
              "take lent containers back when a reservation needs them (§6.4; false only to measure its effect)"),
          OptionSpec.bool(
              "delay-correction",
              false,
              "the Adapter's correction of scheduling delays (§5.2): measure how long reservation containers of each size"
                  + " wait for a node and open and raise large-container reservations' queues that much earlier"));

  /** The capacity baseline's options. */
  public static final List<OptionSpec> CAPACITY_OPTIONS =
      List.of(
          OptionSpec.decimal(
              "max-factor",
              2,
              1,
              100,
              "maximum capacity of a queue as a multiple of its guaranteed capacity (§6.4: about 2×)"));

  public static final Plugin<SchedulerPolicy> RAYON =
      new Plugin<>() {
        @Override
        public String name() {
          return RayonScheduler.NAME;
        }

        @Override
        public String description() {
          return "Rayon's adaptive scheduler (Rayon §5, §6.4): plans the scenario's reservations, guarantees each its"
              + " planned allocation (PlanFollower), lends idle capacity to best effort first and takes it back by"
              + " preemption, re-plans after node failures (Adapter)";
        }

        @Override
        public List<OptionSpec> options() {
          return RAYON_OPTIONS;
        }

        @Override
        public SchedulerPolicy create(Options o) {
          String planner = o.text("planner");
          return new RayonScheduler(
              planner,
              Planners.byName(planner),
              o.decimal("reservable"),
              o.decimal("over-reserve"),
              o.bool("preemption"),
              o.bool("delay-correction"));
        }
      };

  public static final Plugin<SchedulerPolicy> CAPACITY =
      new Plugin<>() {
        @Override
        public String name() {
          return CapacityBaseline.NAME;
        }

        @Override
        public String description() {
          return "the CapacityScheduler baseline of Rayon §6.4: one SLA and one best-effort queue per tenant (user),"
              + " guaranteed capacities from the known workload, maximum about 2× guaranteed, no notion of deadlines";
        }

        @Override
        public List<OptionSpec> options() {
          return CAPACITY_OPTIONS;
        }

        @Override
        public SchedulerPolicy create(Options o) {
          return new CapacityBaseline(o.decimal("max-factor"));
        }
      };
}
