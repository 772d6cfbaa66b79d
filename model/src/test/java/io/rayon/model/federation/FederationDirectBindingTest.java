package io.rayon.model.federation;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.io.DirectBinding;
import io.rayon.model.io.Json;
import io.rayon.model.io.JsonMutations;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@link FederationIO#parse} binds a good federation setup directly ({@link DirectBinding}) and
 * reads any other the careful way: each shipped federation sample binds to what the mapper binds,
 * and seeded mutations of the samples read to the careful path's outcome, the same setup or the
 * same message.
 */
class FederationDirectBindingTest {

  private static List<Path> federationSamples() throws Exception {
    try (Stream<Path> s = Files.list(JsonMutations.samples())) {
      return s.filter(p -> p.getFileName().toString().startsWith("federation-"))
          .filter(p -> p.toString().endsWith(".json"))
          .sorted()
          .toList();
    }
  }

  @Test
  void everyShippedSetupBindsDirectly() throws Exception {
    List<Path> files = federationSamples();
    assertThat(files).hasSizeGreaterThanOrEqualTo(2);
    for (Path f : files) {
      String json = Files.readString(f);
      FederationSetup direct = DirectBinding.bind(json, FederationSetup.class);
      assertThat(direct).as("%s was not bound directly", f).isNotNull();
      assertThat(direct).isEqualTo(Json.mapper().readValue(json, FederationSetup.class));
    }
  }

  @Test
  void anyMutatedSetupReadsAsTheCarefulPathReadsIt() throws Exception {
    List<Path> files = federationSamples();
    int[] counts =
        JsonMutations.sameOutcomes(
            1500,
            new Random(71213L),
            i -> Files.readString(files.get(i % files.size())),
            json -> FederationIO.parse(json, "f.json"),
            json -> FederationIO.parseCarefully(json, "f.json"),
            FederationSetup.class);
    assertThat(counts[0]).as("accepted").isGreaterThan(200);
    assertThat(counts[1]).as("refused").isGreaterThan(1000);
  }
}
