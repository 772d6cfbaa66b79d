package io.rayon.model.rush;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rayon.model.io.FormatException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RushScenarioIOTest {
  @TempDir Path dir;

  static final String GOOD =
      """
      {"formatVersion": 1, "kind": "rush", "name": "two", "containers": 4, "slotSeconds": 1, "seed": 7,
       "jobs": [
        {"id": "a", "template": "wc", "jobClass": "critical", "arrival": 0, "tasks": 3,
         "runtime": {"type": "normal", "mean": 60, "sd": 20}, "benchmarkRuntime": 60,
         "utility": {"type": "sigmoid", "weight": 3, "steepness": 0.1, "budget": 120}},
        {"id": "b", "arrival": 10, "tasks": 2, "runtime": {"type": "fixed", "value": 5},
         "utility": {"type": "piecewise", "points": [{"latency": 0, "utility": 2}, {"latency": 100, "utility": 0}]}}
       ]}
      """;

  @Test
  void readsTheDocumentedFormWithDefaults() throws Exception {
    RushScenario s = RushScenarioIO.parse(GOOD, "good.json");
    assertThat(s.containers()).isEqualTo(4);
    assertThat(s.jobs()).hasSize(2);
    RushJobSpec a = s.jobs().get(0);
    assertThat(a.runtime())
        .isEqualTo(new RuntimeDistribution.Normal(60, 20, 0.6)); // min defaults to 1% of the mean
    assertThat(a.utility()).isEqualTo(new UtilityFunction.Sigmoid(3, 0.1, 120));
    assertThat(a.deadline()).isEqualTo(120);
    RushJobSpec b = s.jobs().get(1);
    assertThat(b.template()).isEmpty();
    assertThat(b.benchmarkRuntime()).isZero();
    assertThat(b.budget()).isEqualTo(100); // piecewise: where it drops to zero
  }

  @Test
  void recognisesRushFilesByKind() throws Exception {
    Path f = dir.resolve("r.json");
    Files.writeString(f, GOOD);
    assertThat(RushScenarioIO.isRushFile(f)).isTrue();
    Path other = dir.resolve("o.json");
    Files.writeString(
        other, "{\"formatVersion\": 1, \"cluster\": {\"nodes\": []}, \"kind\": \"plan\"}");
    assertThat(RushScenarioIO.isRushFile(other)).isFalse();
    Path broken = dir.resolve("b.json");
    Files.writeString(broken, "{\"kind\": ");
    assertThat(RushScenarioIO.isRushFile(broken)).isFalse();
    assertThat(RushScenarioIO.isRushFile(dir.resolve("missing.json"))).isFalse();
  }

  @Test
  void writesAtomicallyAndReadsBack() throws Exception {
    RushScenario s = RushScenarioIO.parse(GOOD, "good.json");
    Path f = dir.resolve("out.json");
    RushScenarioIO.write(s, f);
    assertThat(RushScenarioIO.read(f)).isEqualTo(s);
    assertThat(Files.readString(f))
        .startsWith("{\n  \"formatVersion\" : 1,\n  \"kind\" : \"rush\"");
  }

  static String bad(String from, String to) {
    String t = GOOD.replace(from, to);
    assertThat(t).isNotEqualTo(GOOD);
    return t;
  }

  private static FormatException fails(String json) {
    try {
      RushScenarioIO.parse(json, "bad.json");
    } catch (FormatException e) {
      return e;
    }
    throw new AssertionError("accepted: " + json);
  }

  @Test
  void errorsNameThePathAndTheProblem() {
    assertThat(fails(bad("\"tasks\": 3", "\"tasks\": 3000000000")).getMessage())
        .contains("$.jobs[0].tasks")
        .contains("from 1 to 1000000");
    assertThat(fails(bad("\"tasks\": 3", "\"tasks\": -3")).getMessage())
        .contains("$.jobs[0].tasks");
    assertThat(fails(bad("\"mean\": 60", "\"mean\": -60")).getMessage())
        .contains("$.jobs[0].runtime.mean")
        .contains("positive");
    assertThat(fails(bad("\"mean\": 60", "\"mean\": 1e999")).getMessage())
        .contains("$.jobs[0].runtime.mean")
        .contains("finite");
    assertThat(fails(bad("\"weight\": 3", "\"weight\": -3")).getMessage())
        .contains("$.jobs[0].utility.weight")
        .contains("negative");
    assertThat(fails(bad("\"type\": \"sigmoid\"", "\"type\": \"cubic\"")).getMessage())
        .contains("$.jobs[0].utility.type")
        .contains("linear, sigmoid, constant, piecewise");
    assertThat(fails(bad("\"type\": \"fixed\"", "\"type\": \"gamma\"")).getMessage())
        .contains("$.jobs[1].runtime.type")
        .contains("fixed, normal, lognormal, uniform, empirical");
    assertThat(fails(bad("\"id\": \"b\"", "\"id\": \"a\"")).getMessage())
        .contains("$.jobs[1].id")
        .contains("unique");
    assertThat(fails(bad("\"containers\": 4", "\"containers\": 0")).getMessage())
        .contains("$.containers");
    assertThat(fails(bad("\"arrival\": 10", "\"arrival\": -1")).getMessage())
        .contains("$.jobs[1].arrival");
    assertThat(fails(bad("\"budget\": 120", "\"budget\": 120, \"slope\": 1")).getMessage())
        .contains("$.jobs[0].utility.slope")
        .contains("unknown field");
    assertThat(
            fails(bad("{\"latency\": 100, \"utility\": 0}", "{\"latency\": 100, \"utility\": 5}"))
                .getMessage())
        .contains("$.jobs[1].utility")
        .contains("must not increase");
    assertThat(fails(bad("\"kind\": \"rush\"", "\"kind\": \"plan\"")).getMessage())
        .contains("$.kind");
    assertThat(fails(bad("\"formatVersion\": 1", "\"formatVersion\": 2")).getMessage())
        .contains("$.formatVersion");
    assertThat(fails(bad("\"mean\": 60", "\"mean\": NaN")).getMessage()).contains("bad.json");
    assertThat(fails("[1, 2]").getMessage()).contains("$");
  }

  @Test
  void reportsEveryProblemAtOnceWithItsLine() {
    FormatException e =
        fails(
            bad("\"tasks\": 2", "\"tasks\": 0")
                .replace("\"steepness\": 0.1", "\"steepness\": \"steep\""));
    assertThat(e.problems()).hasSize(2);
    assertThat(e.problems().get(0).path()).startsWith("$.jobs[0].utility.steepness (line 5");
    assertThat(e.problems().get(1).path()).startsWith("$.jobs[1].tasks (line 6");
  }

  @Test
  void refusesTooManyTasksTogether() {
    StringBuilder b =
        new StringBuilder(
            "{\"formatVersion\":1,\"kind\":\"rush\",\"name\":\"big\",\"containers\":1,\"jobs\":[");
    for (int i = 0; i < 11; i++) {
      if (i > 0) b.append(',');
      b.append("{\"id\":\"j")
          .append(i)
          .append(
              "\",\"arrival\":0,\"tasks\":1000000,\"runtime\":{\"type\":\"fixed\",\"value\":1},")
          .append("\"utility\":{\"type\":\"constant\",\"weight\":1}}");
    }
    b.append("]}");
    assertThat(fails(b.toString()).getMessage()).contains("$.jobs").contains("at most 10000000");
  }

  @Property(tries = 200)
  void everyScenarioRoundTrips(@ForAll("scenarios") RushScenario s) throws Exception {
    assertThat(RushScenarioIO.parse(RushScenarioIO.toJson(s), "gen.json")).isEqualTo(s);
  }

  @Property(tries = 200)
  void aCorruptedNumberIsReportedAtItsPath(
      @ForAll("scenarios") RushScenario s, @ForAll("corruptions") String bad) {
    var tree = RushScenarioIO.tree(s);
    int i = Math.abs(bad.hashCode()) % s.jobs().size();
    ((ObjectNode) tree.get("jobs").get(i)).put("tasks", bad.equals("-1") ? -1 : 0);
    FormatException e = fails(tree.toString());
    assertThat(e.place()).startsWith("$.jobs[" + i + "].tasks");
  }

  /**
   * Whatever bytes are changed, reading ends in a scenario or a FormatException naming the file,
   * never another exception.
   */
  @Property(tries = 300)
  void mangledTextNeverEscapesAsAnotherException(
      @ForAll("scenarios") RushScenario s, @ForAll long seed) {
    String json = RushScenarioIO.toJson(s);
    SplittableRandom r = new SplittableRandom(seed);
    StringBuilder b = new StringBuilder(json);
    String junk = "-0123456789e.,:{}[]\"NaN null true x";
    for (int k = 0; k < 1 + r.nextInt(4); k++) {
      int at = r.nextInt(b.length());
      switch (r.nextInt(3)) {
        case 0 -> b.deleteCharAt(at);
        case 1 -> b.setCharAt(at, junk.charAt(r.nextInt(junk.length())));
        default -> b.insert(at, junk.charAt(r.nextInt(junk.length())));
      }
    }
    try {
      RushScenarioIO.parse(b.toString(), "m.json");
    } catch (FormatException e) {
      assertThat(e.getMessage()).startsWith("m.json").doesNotContain("Exception");
    }
  }

  @Provide
  Arbitrary<String> corruptions() {
    return Arbitraries.of("-1", "0", "x", "y");
  }

  @Provide
  Arbitrary<RushScenario> scenarios() {
    return Combinators.combine(
            Arbitraries.integers().between(1, 500),
            Arbitraries.integers().between(1, 12),
            Arbitraries.longs())
        .as(
            (c, n, seed) -> {
              SplittableRandom r = new SplittableRandom(seed);
              List<RushJobSpec> jobs = new ArrayList<>();
              for (int i = 0; i < n; i++) {
                jobs.add(
                    new RushJobSpec(
                        "j" + i,
                        r.nextBoolean() ? "wc" : "",
                        r.nextBoolean() ? "critical" : "sensitive",
                        r.nextInt(10_000) / 4.0,
                        1 + r.nextInt(200),
                        distribution(r),
                        r.nextInt(3) * 100.5,
                        utility(r)));
              }
              return RushScenario.of(
                  "gen " + seed,
                  r.nextBoolean() ? "" : "text \u00e9",
                  c,
                  0.5 + r.nextInt(4),
                  seed,
                  jobs);
            });
  }

  static RuntimeDistribution distribution(SplittableRandom r) {
    double m = 1 + r.nextDouble() * 300;
    return switch (r.nextInt(5)) {
      case 0 -> new RuntimeDistribution.Fixed(m);
      case 1 -> new RuntimeDistribution.Normal(m, m * r.nextDouble(), m / 100);
      case 2 -> new RuntimeDistribution.LogNormal(m, m * r.nextDouble());
      case 3 -> new RuntimeDistribution.Uniform(m, m * (1 + r.nextDouble()));
      default -> new RuntimeDistribution.Empirical(List.of(m, m + 1.25, m * 2));
    };
  }

  static UtilityFunction utility(SplittableRandom r) {
    double w = 1 + r.nextInt(5);
    double b = 10 + r.nextDouble() * 1000;
    return switch (r.nextInt(4)) {
      case 0 -> new UtilityFunction.Linear(w, r.nextDouble(), b);
      case 1 -> new UtilityFunction.Sigmoid(w, r.nextDouble(), b);
      case 2 -> new UtilityFunction.Constant(w);
      default ->
          new UtilityFunction.PiecewiseLinear(
              List.of(
                  new UtilityFunction.PiecewiseLinear.Point(0, w),
                  new UtilityFunction.PiecewiseLinear.Point(b, w / 2),
                  new UtilityFunction.PiecewiseLinear.Point(b, 0)));
    };
  }
}
