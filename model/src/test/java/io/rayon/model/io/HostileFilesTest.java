package io.rayon.model.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rayon.model.text.Visible;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14 items 3, 4 and 7 at the file level: special files and oversized inputs are refused
 * without blocking or exhausting memory; writes never destroy what they should not.
 */
class HostileFilesTest {
  @TempDir Path dir;

  static final Duration HANG_GUARD = Duration.ofSeconds(30);

  /** Makes a FIFO with mkfifo, or skips the test where there is none. */
  static Path fifo(Path dir) throws Exception {
    Path f = dir.resolve("pipe");
    try {
      Process p = new ProcessBuilder("mkfifo", f.toString()).redirectErrorStream(true).start();
      assumeTrue(p.waitFor() == 0, "mkfifo failed");
    } catch (IOException e) {
      assumeTrue(false, "no mkfifo here");
    }
    return f;
  }

  static Path sparse(Path file, long size) throws IOException {
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.setLength(size);
    }
    return file;
  }

  @Test
  void aFifoIsRefusedBeforeItIsOpenedSoNothingBlocks() throws Exception {
    Path pipe = fifo(dir);
    assertTimeoutPreemptively(
        HANG_GUARD,
        () -> {
          assertThatThrownBy(() -> ScenarioIO.read(pipe))
              .isInstanceOf(FormatException.class)
              .hasMessageContaining(pipe.toString())
              .hasMessageContaining("FIFO")
              .hasMessageContaining("not a regular file");
          assertThatThrownBy(() -> PlanFileIO.read(pipe))
              .isInstanceOf(FormatException.class)
              .hasMessageContaining("FIFO");
          assertThatThrownBy(() -> InputFiles.readText(pipe)).isInstanceOf(FormatException.class);
        });
  }

  @Test
  void devZeroIsRefusedAsADevice() {
    Path zero = Path.of("/dev/zero");
    assumeTrue(Files.exists(zero));
    assertTimeoutPreemptively(
        HANG_GUARD,
        () -> {
          assertThatThrownBy(() -> ScenarioIO.read(zero))
              .isInstanceOf(FormatException.class)
              .hasMessageContaining("/dev/zero")
              .hasMessageContaining("character device");
          assertThatThrownBy(() -> PlanFileIO.read(zero)).hasMessageContaining("character device");
        });
  }

  @Test
  void aGigabyteSparsePlanIsRefusedByItsSizeNamingTheLimit() throws Exception {
    Path big = sparse(dir.resolve("plan.json"), 1_000_000_000L);
    assertTimeoutPreemptively(
        HANG_GUARD,
        () ->
            assertThatThrownBy(() -> PlanFileIO.read(big))
                .isInstanceOf(FormatException.class)
                .hasMessageContaining(big.toString())
                .hasMessageContaining("input limit of 256 MB")
                .hasMessageContaining(InputFiles.LIMIT_PROPERTY));
  }

  @Test
  void aGigabyteSparseScenarioIsStreamedAndFailsAtItsFirstByte() throws Exception {
    Path big = sparse(dir.resolve("s.json"), 1_000_000_000L);
    assertTimeoutPreemptively(
        HANG_GUARD,
        () ->
            assertThatThrownBy(() -> ScenarioIO.read(big))
                .isInstanceOf(FormatException.class)
                .hasMessageContaining(big.toString())
                .hasMessageContaining("line 1"));
  }

  @Test
  void theLimitIsConfigurableAndNamedInTheMessage() throws Exception {
    Path plan = Files.writeString(dir.resolve("p.json"), "{" + " ".repeat(4000) + "}");
    String old = System.getProperty(InputFiles.LIMIT_PROPERTY);
    System.setProperty(InputFiles.LIMIT_PROPERTY, "2k");
    try {
      assertThatThrownBy(() -> PlanFileIO.read(plan))
          .hasMessageContaining(plan.toString())
          .hasMessageContaining("input limit of 2 KB");
    } finally {
      if (old == null) System.clearProperty(InputFiles.LIMIT_PROPERTY);
      else System.setProperty(InputFiles.LIMIT_PROPERTY, old);
    }
    assertThat(InputFiles.parseSize("512m")).isEqualTo(512L << 20);
    assertThat(InputFiles.parseSize("1000")).isEqualTo(1000);
    assertThatThrownBy(() -> InputFiles.parseSize("lots"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void boundedStreamsStopAtTheLimit() {
    var in = InputFiles.bounded(new ByteArrayInputStream(new byte[100]), "x", 10);
    assertThatThrownBy(in::readAllBytes).isInstanceOf(InputFiles.LimitExceeded.class);
  }

  @Test
  void invalidUtf8IsReportedWithItsOffsetNotReplacedSilently() throws Exception {
    byte[] good = "{\"formatVersion\":1,\"name\":\"x".getBytes(StandardCharsets.UTF_8);
    byte[] bytes = new byte[good.length + 3];
    System.arraycopy(good, 0, bytes, 0, good.length);
    bytes[good.length] = (byte) 0xC3;
    bytes[good.length + 1] = (byte) 0x28; // not a continuation byte
    bytes[good.length + 2] = '"';
    Path f = Files.write(dir.resolve("s.json"), bytes);
    assertThatThrownBy(() -> ScenarioIO.read(f))
        .isInstanceOf(FormatException.class)
        .hasMessageContaining("not valid UTF-8")
        .hasMessageContaining("0xC3")
        .hasMessageContaining("byte offset " + good.length);
    assertThatThrownBy(() -> PlanFileIO.read(f)).hasMessageContaining("not valid UTF-8");
  }

  @Test
  void duplicateKeysAreAnErrorNotLastOneWins() {
    String json = "{\"formatVersion\":1,\"formatVersion\":1}";
    assertThatThrownBy(() -> ScenarioIO.parse(json, "s.json"))
        .isInstanceOf(FormatException.class)
        .hasMessageContaining("Duplicate field 'formatVersion'");
    assertThatThrownBy(() -> PlanFileIO.parse(json, "p.json"))
        .hasMessageContaining("Duplicate field");
  }

  @Test
  void anInvisibleCharacterInAMessageIsNamed() {
    String json = "{\"formatVersion\":1,\uFEFF\"name\":\"x\"}";
    assertThatThrownBy(() -> ScenarioIO.parse(json, "s.json"))
        .isInstanceOf(FormatException.class)
        .hasMessageContaining("U+FEFF byte-order mark")
        .hasMessageNotContaining("\uFEFF");
    assertThat(Visible.show("a\u200Bb")).isEqualTo("a<U+200B zero-width space>b");
    assertThat(Visible.show("plain text")).isEqualTo("plain text");
  }

  @Test
  void aLeadingByteOrderMarkIsAccepted() throws Exception {
    Path f = Files.writeString(dir.resolve("s.json"), "\uFEFF{\"formatVersion\":1}");
    // the file is read past the mark: what remains wrong is the scenario's missing fields, not the
    // mark
    assertThatThrownBy(() -> ScenarioIO.read(f))
        .isInstanceOf(FormatException.class)
        .hasMessageNotContaining("Unexpected character")
        .hasMessageNotContaining("feff")
        .hasMessageNotContaining("FEFF");
  }

  // ------------------------------------------------------------------ writing

  @Test
  void aSymlinkIsFollowedItsTargetReplacedAndTheLinkKept() throws Exception {
    Path real = Files.writeString(dir.resolve("real.json"), "old");
    Path link = dir.resolve("link.json");
    try {
      Files.createSymbolicLink(link, real);
    } catch (UnsupportedOperationException | IOException e) {
      assumeTrue(false, "no symbolic links here");
    }
    AtomicFiles.writeString(link, "new");
    assertThat(Files.isSymbolicLink(link)).isTrue();
    assertThat(real).hasContent("new");
  }

  @Test
  void aDanglingSymlinkIsRefused() throws Exception {
    Path link = dir.resolve("link.json");
    try {
      Files.createSymbolicLink(link, dir.resolve("missing.json"));
    } catch (UnsupportedOperationException | IOException e) {
      assumeTrue(false, "no symbolic links here");
    }
    assertThatThrownBy(() -> AtomicFiles.writeString(link, "x"))
        .hasMessageContaining("symbolic link to a missing file");
    assertThat(Files.isSymbolicLink(link)).isTrue();
  }

  @Test
  void aSpecialFileIsNotReplaced() throws Exception {
    Path pipe = fifo(dir);
    assertTimeoutPreemptively(
        HANG_GUARD,
        () ->
            assertThatThrownBy(() -> AtomicFiles.writeString(pipe, "x"))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("FIFO")
                .hasMessageContaining("not replaced"));
    assertThat(Files.isRegularFile(pipe)).isFalse();
    assertThat(Files.exists(pipe)).isTrue();
  }

  @Test
  void aMissingFolderIsNamedAndNotCreated() {
    Path target = dir.resolve("a/b/plan.json");
    assertThatThrownBy(() -> AtomicFiles.writeString(target, "x"))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("does not exist")
        .hasMessageContaining("create it first");
    assertThat(dir.resolve("a")).doesNotExist();
  }

  @Test
  void staleTemporaryFilesOfTheSameTargetAreRemovedOnTheNextWrite() throws Exception {
    Path target = dir.resolve("plan.json");
    Path stale = Files.writeString(dir.resolve(".plan.json.12345.tmp"), "half");
    Files.setLastModifiedTime(
        stale, FileTime.fromMillis(Files.getLastModifiedTime(dir).toMillis() - 3_600_000));
    Path fresh = Files.writeString(dir.resolve(".plan.json.67890.tmp"), "in progress");
    Path other = Files.writeString(dir.resolve(".other.json.1.tmp"), "not ours");
    Files.setLastModifiedTime(other, FileTime.fromMillis(0));
    AtomicFiles.writeString(target, "done");
    assertThat(target).hasContent("done");
    assertThat(stale).doesNotExist();
    assertThat(fresh).exists();
    assertThat(other).exists();
  }
}
