package io.rayon.model.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.PlanFile;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.resources.Resources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Plan files edited by hand or damaged: rejected with the JSON path, never passed on to the
 * validator.
 */
class PlanFileHardeningTest {

  @Test
  void negativeBundleCountInAStepIsAFormatErrorNamingTheStep() {
    PlanFile p =
        new PlanFile(
            PlanFile.FORMAT_VERSION,
            "demo",
            "gree",
            "none",
            60,
            100,
            Map.of(),
            List.of(
                Decision.accept(
                    new ReservationAllocation(
                        "r1",
                        List.of(
                            new AtomAllocation(
                                "0", Resources.of(1024, 1), List.of(new Step(10, 20, 4))))))));
    String json = PlanFileIO.toJson(p).replace("\"bundles\" : 4", "\"bundles\" : -4");
    assertThat(json).contains("-4");
    assertThatThrownBy(() -> PlanFileIO.parse(json, "p.json"))
        .isInstanceOf(FormatException.class)
        .hasMessageContaining("p.json at $.decisions[0].allocation.atoms[0].steps[0]")
        .hasMessageContaining("negative");
  }

  @Test
  void aStepCannotHoldANegativeNumberOfBundles() {
    assertThatThrownBy(() -> new Step(0, 5, -1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("-1");
  }

  @TempDir Path dir;

  @Test
  void aBinaryFileGivenAsPlanIsNamedAsNotText() throws Exception {
    Path bin =
        Files.write(
            dir.resolve("plan.json"),
            new byte[] {(byte) 0x89, 'P', 'N', 'G', (byte) 0xff, (byte) 0xfe, 0});
    assertThatThrownBy(() -> PlanFileIO.read(bin))
        .isInstanceOf(FormatException.class)
        .hasMessage(
            bin
                + " at line 1: not valid UTF-8: byte 0x89 at byte offset 0 cannot start or continue a character;"
                + " save the file as UTF-8");
  }

  private static String validPlanJson() {
    PlanFile p =
        new PlanFile(
            PlanFile.FORMAT_VERSION,
            "demo",
            "gree",
            "none",
            60,
            100,
            Map.of(),
            List.of(
                Decision.accept(
                    new ReservationAllocation(
                        "r1",
                        List.of(
                            new AtomAllocation(
                                "0", Resources.of(1024, 1), List.of(new Step(10, 20, 4))))))));
    return PlanFileIO.toJson(p);
  }

  @Test
  void aNullBundleIsAFormatErrorNamingTheBundle() {
    String json = validPlanJson().replaceFirst("\"bundle\" : \\{[^}]*\\}", "\"bundle\" : null");
    assertThat(json).contains("\"bundle\" : null");
    assertThatThrownBy(() -> PlanFileIO.parse(json, "p.json"))
        .isInstanceOf(FormatException.class)
        .hasMessageContaining("p.json at $.decisions[0].allocation.atoms[0].bundle")
        .hasMessageContaining("missing required field 'bundle'");
  }

  @Test
  void nullStepsAndDecisionsAreFormatErrorsSayingWhatIsNull() {
    String step = validPlanJson().replace("\"steps\" : [ {", "\"steps\" : [ null, {");
    assertThatThrownBy(() -> PlanFileIO.parse(step, "p.json"))
        .isInstanceOf(FormatException.class)
        .hasMessageContaining("$.decisions[0].allocation.atoms[0]")
        .hasMessageContaining("steps[0] is null");
    String decision = validPlanJson().replace("\"decisions\" : [ {", "\"decisions\" : [ null, {");
    assertThatThrownBy(() -> PlanFileIO.parse(decision, "p.json"))
        .isInstanceOf(FormatException.class)
        .hasMessageContaining("decisions[0] is null");
  }
}
