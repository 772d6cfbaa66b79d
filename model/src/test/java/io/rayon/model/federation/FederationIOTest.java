package io.rayon.model.federation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.model.io.FormatException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FederationIOTest {
  static FederationSetup setup(FailureSpec failures) {
    return new FederationSetup(
        1,
        "t",
        List.of(new SubClusterSpec("A", List.of(new RackSpec("r0", 4, 2)))),
        List.of(new QueueSpec("root", null, 1, 1, 1, 0), new QueueSpec("a", "root", 1, 1, 1, 4)),
        List.of(
            new JobSpec(
                "j",
                "a",
                List.of(new RequestSpec("node", "A/r0/1", 2), new RequestSpec("any", null, 3)),
                0,
                0),
            new JobSpec("k", "a", List.of(new RequestSpec("rack", "A/r0", 1)), 2, 3)),
        failures);
  }

  @Test
  void roundTripsAndLeavesOptionalFieldsOutWhenZero(@TempDir Path dir) throws Exception {
    FederationSetup s = setup(new FailureSpec(List.of("A"), 0.05, 7, 1, 4));
    Path f = dir.resolve("s.json");
    FederationIO.write(s, f, false);
    assertThat(FederationIO.read(f)).isEqualTo(s);
    String text = Files.readString(f);
    assertThat(text)
        .contains("\"arrival\" : 2")
        .contains("\"duration\" : 3")
        .contains("\"downUntil\" : 4");
    // the first job's zero arrival and duration are left out, and read back as zero
    assertThat(text.indexOf("\"arrival\"")).isEqualTo(text.lastIndexOf("\"arrival\""));
    FederationIO.write(s, f, true);
    assertThat(FederationIO.read(f)).isEqualTo(s);
    assertThat(FederationIO.read(f).jobs().get(0).activeIn(5)).isTrue();
    assertThat(FederationIO.read(f).jobs().get(1).activeIn(5)).isFalse();
    assertThat(FederationIO.read(f).jobs().get(1).activeIn(4)).isTrue();
    assertThat(s.failures().downIn(0)).isFalse();
    assertThat(s.failures().downIn(3)).isTrue();
    assertThat(s.failures().inRound(4).downSubClusters()).isEmpty();
    assertThat(s.failures().inRound(4).unavailableNodes()).isEqualTo(0.05);
  }

  @Test
  void shapeProblemsNameTheirPathAndLine() {
    String bad =
        FederationIO.toJson(setup(FailureSpec.NONE))
            .replace("\"containersPerNode\" : 2", "\"containersPerNode\" : \"two\"")
            .replace("\"gang\" : 4", "\"gangs\" : 4");
    assertThatThrownBy(() -> FederationIO.parse(bad, "s.json"))
        .isInstanceOf(FormatException.class)
        .hasMessageContaining("s.json at $.subClusters[0].racks[0].containersPerNode (line")
        .hasMessageContaining("and 1 more problem");
    assertThatThrownBy(() -> FederationIO.parse("{\"formatVersion\": 2}", "s.json"))
        .hasMessageContaining("$.formatVersion")
        .hasMessageContaining("reads formatVersion 1");
  }
}
