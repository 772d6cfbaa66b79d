package io.rayon.model.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Saving to a place that cannot hold the file: the message says why, never names the temporary
 * file.
 */
class AtomicFilesHardeningTest {
  @TempDir Path dir;

  @Test
  void savingOverADirectorySaysItIsADirectoryAndLeavesNoTemporaryFile() throws Exception {
    Path target = Files.createDirectory(dir.resolve("out"));
    assertThatThrownBy(() -> AtomicFiles.writeString(target, "x"))
        .isInstanceOf(IOException.class)
        .hasMessageContaining(target.toAbsolutePath() + " is a directory")
        .hasMessageNotContaining(".tmp");
    try (var files = Files.list(dir)) {
      assertThat(files).containsExactly(target);
    }
  }

  @Test
  void savingBelowAFileSaysThatFileIsNotAFolder() throws Exception {
    Path file = Files.writeString(dir.resolve("plan.csv"), "keep");
    assertThatThrownBy(() -> AtomicFiles.writeString(file.resolve("x.json"), "x"))
        .isInstanceOf(IOException.class)
        .hasMessageContaining(file.toAbsolutePath() + " is not a directory");
    assertThat(file).hasContent("keep");
  }
}
