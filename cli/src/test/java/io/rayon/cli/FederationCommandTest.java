package io.rayon.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FederationCommandTest {
  static final Path SAMPLES = Path.of("../sample-clusters");

  @Test
  void everySampleRunsEveryPolicyWithTheDocumentedJsonKeys() throws Exception {
    for (String name :
        List.of(
            "federation-two-subclusters.json",
            "federation-gangs.json",
            "federation-rm-outage.json")) {
      CliRun r = CliRun.of("federation", SAMPLES.resolve(name).toString(), "--compare", "--json");
      assertThat(r.exit()).as(name + ": " + r.err()).isZero();
      JsonNode p = r.json().get("policies");
      assertThat(p.fieldNames())
          .toIterable()
          .containsExactly("gif", "gac", "uniform", "load", "central", "oracle");
      for (JsonNode m : p) {
        for (String key :
            List.of("utilization", "fairnessErrorPct", "nodeLocal", "rackLocal", "runtimeMs")) {
          assertThat(m.get(key)).as(name + " " + key).isNotNull();
          assertThat(m.get(key).isNumber()).isTrue();
        }
        assertThat(m.get("utilization").asDouble()).isBetween(0.0, 1.0);
      }
      assertThat(p.get("oracle").get("fairnessErrorPct").asDouble()).isZero();
    }
  }

  /**
   * The paper's example: Uniform keeps q1 at 20% of S_A though its demand is there; GIF moves it.
   */
  @Test
  void gifIsFairerThanUniformOnThePapersExample() throws Exception {
    CliRun gif =
        CliRun.of(
            "federation",
            SAMPLES.resolve("federation-two-subclusters.json").toString(),
            "--policy",
            "gif",
            "--json");
    CliRun uni =
        CliRun.of(
            "federation",
            SAMPLES.resolve("federation-two-subclusters.json").toString(),
            "--policy",
            "uniform",
            "--json");
    assertThat(gif.exit()).as(gif.err()).isZero();
    assertThat(gif.json().get("policies").fieldNames()).toIterable().containsExactly("gif");
    assertThat(gif.json().get("policies").get("gif").get("fairnessErrorPct").asDouble()).isZero();
    assertThat(uni.json().get("policies").get("uniform").get("fairnessErrorPct").asDouble())
        .isCloseTo(10.0, Offset.offset(1e-9));
  }

  @Test
  void anRmOutageShowsItsCost() throws Exception {
    CliRun r =
        CliRun.of(
            "federation",
            SAMPLES.resolve("federation-rm-outage.json").toString(),
            "--policy",
            "gif",
            "--json",
            "--per-round");
    assertThat(r.exit()).as(r.err()).isZero();
    JsonNode gif = r.json().get("policies").get("gif");
    assertThat(r.json().get("rounds").asInt()).isEqualTo(5);
    assertThat(r.json().get("unavailableNodes").asInt()).isEqualTo(10);
    assertThat(gif.get("failureCost").get("containersLost").asDouble()).isPositive();
    assertThat(gif.get("failureCost").get("utilizationLossPts").asDouble()).isPositive();
    JsonNode rounds = r.json().get("perRound");
    assertThat(rounds).hasSize(5);
    // the live capacity drops while sc1's RM is down (rounds 2 and 3)
    assertThat(rounds.get(2).get("capacity").asLong())
        .isLessThan(rounds.get(1).get("capacity").asLong());
    assertThat(rounds.get(4).get("capacity").asLong())
        .isEqualTo(rounds.get(1).get("capacity").asLong());
    CliRun text =
        CliRun.of(
            "federation", SAMPLES.resolve("federation-rm-outage.json").toString(), "--compare");
    assertThat(text.out()).contains("RM down: sc1 in rounds 2 to 3").contains("failure cost");
  }

  @Test
  void generateWritesASetupThatRunsAndRefusesBadInput(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("setup.json");
    CliRun g =
        CliRun.of(
            "federation",
            "generate",
            "--subclusters",
            "5",
            "--nodes",
            "2000",
            "--queues",
            "120",
            "--seed",
            "1",
            "--out",
            out.toString(),
            "--rounds",
            "3",
            "--down",
            "sc2",
            "--down-from",
            "1",
            "--down-until",
            "2",
            "--unavailable",
            "0.02");
    assertThat(g.exit()).as(g.err()).isZero();
    assertThat(g.out()).contains("5 sub-clusters, 2,000 nodes").contains("120 queues");
    CliRun again =
        CliRun.of(
            "federation",
            "generate",
            "--subclusters",
            "5",
            "--nodes",
            "2000",
            "--queues",
            "120",
            "--seed",
            "1",
            "--out",
            dir.resolve("again.json").toString(),
            "--rounds",
            "3",
            "--down",
            "sc2",
            "--down-from",
            "1",
            "--down-until",
            "2",
            "--unavailable",
            "0.02");
    assertThat(again.exit()).isZero();
    assertThat(Files.readString(dir.resolve("again.json")))
        .isEqualTo(Files.readString(out)); // seeded
    CliRun r = CliRun.of("federation", out.toString(), "--compare", "--json");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.json().get("subClusters").asInt()).isEqualTo(5);
    assertThat(r.json().get("policies").get("gif").get("failureCost")).isNotNull();

    CliRun bad =
        CliRun.of(
            "federation",
            "generate",
            "--nodes",
            "3",
            "--subclusters",
            "5",
            "--out",
            dir.resolve("x.json").toString());
    assertThat(bad.exit()).isEqualTo(2);
    assertThat(bad.err()).contains("--nodes");
    CliRun five =
        CliRun.of(
            "federation",
            "generate",
            "--nodes",
            "100",
            "--subclusters",
            "2",
            "--queues",
            "5",
            "--unavailable",
            "0.06",
            "--out",
            dir.resolve("x.json").toString());
    assertThat(five.exit()).isEqualTo(2);
    assertThat(five.err()).contains("--unavailable").contains("5%");
    assertThat(dir.resolve("x.json")).doesNotExist();
    CliRun noDir =
        CliRun.of(
            "federation",
            "generate",
            "--nodes",
            "100",
            "--subclusters",
            "2",
            "--queues",
            "5",
            "--out",
            dir.resolve("no/x.json").toString());
    assertThat(noDir.exit()).isEqualTo(2);
  }

  @Test
  void badSetupsExitTwoNamingThePlace(@TempDir Path dir) throws Exception {
    String good = Files.readString(SAMPLES.resolve("federation-two-subclusters.json"));
    Path f = dir.resolve("s.json");
    Files.writeString(
        f,
        good.replace(
            "\"queue\" : \"q1\", \"requests\" : [ { \"locality\" : \"rack\", \"at\" : \"SB/r1\"",
            "\"queue\" : \"nope\", \"requests\" : [ { \"locality\" : \"rack\", \"at\" : \"SB/r1\""));
    CliRun r = CliRun.of("federation", f.toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err())
        .contains(f + " at $.jobs[1].queue (line ")
        .contains("no queue named 'nope'");
    Files.writeString(
        f,
        good.replace(
            "\"containersPerNode\" : 10 }, { \"name\" : \"r1\"",
            "\"containersPerNode\" : \"ten\" }, { \"name\" : \"r1\""));
    r = CliRun.of("federation", f.toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("$.subClusters[0].racks[0].containersPerNode").contains("line 6");
    Files.writeString(f, good.substring(0, 200));
    r = CliRun.of("federation", f.toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains(f.toString()).contains("line");
    r =
        CliRun.of(
            "federation", SAMPLES.resolve("federation-gangs.json").toString(), "--policy", "fifo");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err())
        .contains("--policy 'fifo' is unknown")
        .contains("gif, gac, uniform, load, central");
    r =
        CliRun.of(
            "federation",
            SAMPLES.resolve("federation-gangs.json").toString(),
            "--policy",
            "gac",
            "-O",
            "repair-rounds=2");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("-O repair-rounds");
    r =
        CliRun.of(
            "federation",
            SAMPLES.resolve("federation-gangs.json").toString(),
            "-O",
            "repair-rounds=-1");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("repair-rounds");
    r = CliRun.of("federation");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("missing SETUP");
    r = CliRun.of("federation", dir.resolve("none.json").toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("no such file");
  }

  @Test
  void helpListsEveryPolicyAndItsOptionsWithoutFormatWarnings() throws Exception {
    for (String[] args :
        List.of(
            new String[] {"federation", "--help"},
            new String[] {"federation", "generate", "--help"})) {
      CliRun r = CliRun.of(args);
      assertThat(r.exit()).isZero();
      assertThat(r.err()).doesNotContain("WARN");
      assertThat(r.out()).doesNotContain("WARN");
    }
    CliRun r = CliRun.of("federation", "--help");
    assertThat(r.out())
        .contains(
            "gif:",
            "gac:",
            "uniform:",
            "load:",
            "central:",
            "oracle:",
            "repair-rounds=integer",
            "any-requests=flexible|routed")
        .contains("fairness error against the oracle (%)");
  }
}
