package io.rayon.app.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The module arrows of ARCHITECTURE.md, checked on the compiled classes of every module on the
 * app's class path: model and engine are pure, views only draw model types, ojAlgo stays behind the
 * MILP package.
 */
@AnalyzeClasses(packages = "io.rayon", importOptions = ImportOption.DoNotIncludeTests.class)
class DependencyDirectionTest {

  @ArchTest
  static final ArchRule modelAndEngineStayPure =
      noClasses()
          .that()
          .resideInAnyPackage("io.rayon.model..", "io.rayon.engine..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("javafx..", "io.rayon.app..", "io.rayon.views..", "org.controlsfx..")
          .because(
              "model and engine are pure and UI-free: they run headless, in tests, benchmarks and the CLI");

  @ArchTest
  static final ArchRule modelDoesNotKnowTheEngine =
      noClasses()
          .that()
          .resideInAPackage("io.rayon.model..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.rayon.engine..")
          .because(
              "the model is the vocabulary every module shares; algorithms build on it, not the other way round");

  @ArchTest
  static final ArchRule viewsOnlyDrawModelTypes =
      noClasses()
          .that()
          .resideInAPackage("io.rayon.views..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("io.rayon.engine..", "io.rayon.app..")
          .because(
              "views draw results handed to them; view-models in app connect them to the engine")
          .allowEmptyShould(true);

  @ArchTest
  static final ArchRule solverStaysBehindItsBoundary =
      noClasses()
          .that()
          .resideOutsideOfPackage("io.rayon.engine.planning.milp..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("org.ojalgo..")
          .because("the solver is an implementation detail of the MILP planner (ADR 0004)");
}
