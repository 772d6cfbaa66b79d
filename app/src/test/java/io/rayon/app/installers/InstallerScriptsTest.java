package io.rayon.app.installers;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The installer scripts' command lines, without building anything (jpackage is too slow for the
 * suite; installers/build.sh is checked by running it, see docs/benchmarks.md).
 */
class InstallerScriptsTest {
  private static final Path INSTALLERS = Path.of("..", "installers").toAbsolutePath().normalize();

  record Run(int exit, String out, String err) {}

  private static Run run(String script, String... args) throws Exception {
    Path file = INSTALLERS.resolve(script);
    assertThat(Files.isExecutable(file)).as(file + " is executable").isTrue();
    List<String> cmd = new ArrayList<>(List.of("bash", file.toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    return new Run(p.waitFor(), out, err);
  }

  @Test
  void buildScriptHelpDescribesBothPackageTypesAndTheOutputDirectory() throws Exception {
    Run r = run("build.sh", "--help");
    assertThat(r.exit()).isZero();
    assertThat(r.out())
        .contains("--deb")
        .contains("target/dist/rayon-studio/")
        .contains("bin/rayon-cli");
    assertThat(r.err()).isEmpty();
  }

  @Test
  void buildScriptRejectsAnUnknownOptionWithExitTwoBeforeBuilding() throws Exception {
    Run r = run("build.sh", "--rpm");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("unknown option '--rpm'").doesNotContain("Maven");
  }

  @Test
  void startupMeasurementRejectsANonNumericRunCount() throws Exception {
    Run r = run("measure-startup.sh", "many");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("RUNS must be a positive number, not 'many'");
  }

  @Test
  void startupMeasurementNamesTheMissingAppImage() throws Exception {
    Run r = run("measure-startup.sh", "1", "/nonexistent/rayon-studio");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err())
        .contains("no /nonexistent/rayon-studio/bin/rayon-studio")
        .contains("installers/build.sh");
  }

  @Test
  void debianMenuEntryOfTheCommandLineIsHiddenAndRunsInATerminal() throws Exception {
    String entry = Files.readString(INSTALLERS.resolve("linux/rayon-cli.desktop"));
    assertThat(entry)
        .contains("NoDisplay=true")
        .contains("Terminal=true")
        .contains("Exec=APPLICATION_LAUNCHER");
  }
}
