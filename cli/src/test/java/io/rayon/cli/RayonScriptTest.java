package io.rayon.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The ./rayon launcher without a display: one line pointing at the CLI, exit 2, no build. */
class RayonScriptTest {

  @Test
  void withoutADisplayTheLauncherSaysSoInOneLineAndExitsTwo() throws Exception {
    launchWithoutDisplay();
  }

  @Test
  void aScenarioFileAsTheOnlyArgumentOpensTheDesktopApplicationSoItNeedsADisplayToo()
      throws Exception {
    launchWithoutDisplay(
        Path.of("..", "sample-clusters", "fig9-pipeline.json")
            .toAbsolutePath()
            .normalize()
            .toString());
  }

  @Test
  void oneShotCommandsGetTheC1CompilerOnlyLongRunsAndTheUsersOptionsKeepTheirs() throws Exception {
    String c1 = "-Xmx2g -XX:TieredStopAtLevel=1";
    assertThat(javaOptions(null, "plan", "s.json", "--planner", "greel-plus")).isEqualTo(c1);
    assertThat(javaOptions(null, "validate", "s.json", "plan.json")).isEqualTo(c1);
    assertThat(javaOptions(null, "rdl", "check", "atom(<1,1>,1,1,1,1)")).isEqualTo(c1);
    // the MILP planners may search for minutes: the full JIT pays off there
    assertThat(javaOptions(null, "plan", "s.json", "--planner", "milp")).isEqualTo("-Xmx2g");
    assertThat(javaOptions(null, "plan", "s.json", "--planner=hybrid")).isEqualTo("-Xmx2g");
    assertThat(javaOptions(null, "simulate", "s.json", "--scheduler", "estimation"))
        .isEqualTo("-Xmx2g");
    assertThat(javaOptions(null, "sweep", "s.json")).isEqualTo("-Xmx2g");
    assertThat(javaOptions(null, "import", "t.swf")).isEqualTo("-Xmx2g -XX:+UseSerialGC");
    // the user's options win, whatever the command
    assertThat(javaOptions("-Xmx6g -XX:+UseParallelGC", "plan", "s.json"))
        .isEqualTo("-Xmx6g -XX:+UseParallelGC");
  }

  /** The JVM options ./rayon would start java with for these arguments (RAYON_SHOW_JAVA_OPTS). */
  private static String javaOptions(String userOptions, String... args) throws Exception {
    Path script = Path.of("..", "rayon").toAbsolutePath().normalize();
    List<String> cmd = new ArrayList<>(List.of("bash", script.toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().remove("RAYON_JAVA_OPTS");
    if (userOptions != null) pb.environment().put("RAYON_JAVA_OPTS", userOptions);
    pb.environment().put("RAYON_SHOW_JAVA_OPTS", "1");
    pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as(err).isZero();
    return out.strip();
  }

  private static void launchWithoutDisplay(String... args) throws Exception {
    Path script = Path.of("..", "rayon").toAbsolutePath().normalize();
    assertThat(Files.isExecutable(script)).as(script + " is executable").isTrue();
    List<String> cmd = new ArrayList<>(List.of("bash", script.toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().remove("DISPLAY");
    pb.environment().remove("WAYLAND_DISPLAY");
    pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).isEqualTo(2);
    assertThat(out).isEmpty();
    assertThat(err.lines()).hasSize(1);
    assertThat(err).contains("no display").contains("./rayon --help");
  }
}
