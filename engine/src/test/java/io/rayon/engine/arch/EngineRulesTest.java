package io.rayon.engine.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.rayon.engine.sim.SchedulerPolicy;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZonedDateTime;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The engine's own rules, checked on the compiled classes of model and engine: no package cycles
 * (planning.milp builds on planning; the registry of planners, {@code planners}, on both), no wall
 * clock or global randomness (results depend only on inputs and seeds).
 */
@AnalyzeClasses(
    packages = {"io.rayon.model", "io.rayon.engine"},
    importOptions = ImportOption.DoNotIncludeTests.class)
class EngineRulesTest {

  @ArchTest
  static final ArchRule noPackageCycles =
      slices()
          .matching("io.rayon.(**)")
          .should()
          .beFreeOfCycles()
          .because("each package builds on the ones below it; a cycle means two packages are one");

  @ArchTest
  static final ArchRule noWallClock =
      noClasses()
          .should()
          .callMethod(System.class, "currentTimeMillis")
          .orShould()
          .callMethod(System.class, "nanoTime")
          .orShould()
          .callMethod(Instant.class, "now")
          .orShould()
          .callMethod(LocalDateTime.class, "now")
          .orShould()
          .callMethod(LocalDate.class, "now")
          .orShould()
          .callMethod(ZonedDateTime.class, "now")
          .orShould()
          .callMethod(Clock.class, "systemUTC")
          .orShould()
          .callMethod(Clock.class, "systemDefaultZone")
          .because(
              "the engine is pure: time comes from the scenario or an injected clock, so runs repeat");

  @ArchTest
  static final ArchRule noGlobalRandomness =
      noClasses()
          .should()
          .callMethod(Math.class, "random")
          .orShould()
          .callConstructor(Random.class)
          .orShould()
          .callConstructor(SplittableRandom.class)
          .orShould()
          .dependOnClassesThat()
          .areAssignableTo(ThreadLocalRandom.class)
          .because(
              "randomness is seeded by the caller (new Random(seed), new SplittableRandom(seed)), so runs repeat");

  @ArchTest
  static final ArchRule simulatorKnowsSchedulersOnlyThroughTheirInterface =
      noClasses()
          .that()
          .resideInAPackage("io.rayon.engine.sim")
          .and()
          .doNotImplement(SchedulerPolicy.class)
          .should()
          .dependOnClassesThat()
          .implement(SchedulerPolicy.class)
          .because(
              "a new scheduler implements SchedulerPolicy and registers in Schedulers without touching the Simulator");
}
