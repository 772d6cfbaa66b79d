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
