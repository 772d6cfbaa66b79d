package io.rayon.app.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.testsupport.SampleScenarios;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The top-level "kind" of a file routes it: only the top level counts. */
class FileKindsTest {
  @TempDir Path dir;

  static String kind(String json) throws Exception {
    return FileKinds.kindOf(new StringReader(json));
  }

  @Test
  void findsTheTopLevelKindWhereverItIs() throws Exception {
    assertThat(kind("{\"kind\": \"rush\", \"jobs\": []}")).isEqualTo("rush");
    assertThat(
            kind("{\"name\": \"x\", \"jobs\": [{\"kind\": \"PRODUCTION\"}], \"kind\" : \"rush\"}"))
        .isEqualTo("rush");
    assertThat(
            kind(
                "{\"a\": {\"kind\": \"nested\"}, \"b\": \"k\\\"ind\", \"c\": 3, \"kind\": \"x\\\"y\"}"))
        .isEqualTo("x\"y");
  }

  @Test
  void nestedKindsNumbersAndOtherShapesAreNoKind() throws Exception {
    assertThat(kind("{\"jobs\": [{\"kind\": \"PRODUCTION\"}]}")).isNull();
    assertThat(kind("{\"kind\": 3}")).isNull();
    assertThat(kind("{\"kind\": null, \"other\": \"rush\"}")).isNull();
    assertThat(kind("[{\"kind\": \"rush\"}]")).isNull();
    assertThat(kind("not json")).isNull();
    assertThat(kind("{\"kind\": \"unterminated")).isNull();
    assertThat(kind("")).isNull();
  }

  @Test
  void theShippedScenariosHaveNoKindAndAMissingFileHasNone() throws Exception {
    assertThat(FileKinds.kindOf(SampleScenarios.sample("fig5b-workflow.json"))).isNull();
    assertThat(FileKinds.kindOf(dir.resolve("missing.json"))).isNull();
    Path f = dir.resolve("r.json");
    Files.writeString(f, "{\n  \"kind\" : \"rush\",\n  \"formatVersion\" : 1\n}");
    assertThat(FileKinds.kindOf(f)).isEqualTo("rush");
  }
}
