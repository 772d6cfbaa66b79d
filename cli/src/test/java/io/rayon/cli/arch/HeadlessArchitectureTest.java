package io.rayon.cli.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * The headless modules of ARCHITECTURE.md: the command line and the YARN client run without JavaFX,
 * so they must not reach the workbench, the views or JavaFX.
 */
@AnalyzeClasses(packages = "io.rayon", importOptions = ImportOption.DoNotIncludeTests.class)
class HeadlessArchitectureTest {

  @ArchTest
  static final ArchRule cliAndYarnClientAreHeadless =
      noClasses()
          .that()
          .resideInAnyPackage("io.rayon.cli..", "io.rayon.yarn..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("javafx..", "org.controlsfx..", "io.rayon.app..", "io.rayon.views..")
          .because(
              "the command line and the YARN client run on servers and in scripts, without a display");

  @ArchTest
  static final ArchRule yarnClientDoesNotKnowTheCommandLine =
      noClasses()
          .that()
          .resideInAPackage("io.rayon.yarn..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("io.rayon.cli..")
          .because(
              "the workbench uses the YARN client too; the command line is one of its front-ends");

  @Test
  void javaFxIsNotOnTheCommandLinesClassPath() {
    assertThatThrownBy(() -> Class.forName("javafx.application.Platform"))
        .isInstanceOf(ClassNotFoundException.class);
    assertThatThrownBy(() -> Class.forName("io.rayon.app.Launcher"))
        .isInstanceOf(ClassNotFoundException.class);
  }
}
