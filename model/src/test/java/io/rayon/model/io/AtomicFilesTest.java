package io.rayon.model.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {

  @Test
  void replacesTheContentAndLeavesNoTemporaryFile(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("s.json");
    AtomicFiles.writeString(f, "one");
    AtomicFiles.writeString(f, "two");
    assertThat(Files.readString(f)).isEqualTo("two");
    try (var files = Files.list(dir)) {
      assertThat(files).containsExactly(f);
    }
  }

  @Test
  void keepsTheOldFilesPermissionsAndMakesNewFilesReadable(@TempDir Path dir) throws Exception {
    Path fresh = dir.resolve("new.json");
    AtomicFiles.writeString(fresh, "x");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(fresh)))
        .isEqualTo("rw-r--r--");
    Path shared = dir.resolve("shared.json");
    Files.writeString(shared, "old");
    Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rw-rw-r--"));
    AtomicFiles.writeString(shared, "new");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(shared)))
        .isEqualTo("rw-rw-r--");
  }
}
