package io.rayon.model.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Writes a file so that readers see either the old content or the new, never a half-written one:
 * the bytes go to a temporary file in the same folder, are forced to disk, then moved into place.
 *
 * <p>Rules ({@link #target}): a symbolic link is followed and its target replaced (the link stays a
 * link); a link to a missing file, a directory, or a special file (a device, a FIFO, a socket) is
 * refused, not replaced; a missing folder is never created (the message names it); and temporary
 * files of the same target left by a crash (named {@code .NAME.*.tmp}, untouched for more than a
 * minute) are removed when the target is next written.
 */
public final class AtomicFiles {
  private AtomicFiles() {}

  /**
   * How long a temporary file must have been left untouched before it counts as left by a crash.
   */
  static final long STALE_AFTER_MS = 60_000;

  @FunctionalInterface
  public interface Writer {
    void write(OutputStream out) throws IOException;
  }

  /**
   * The file a write of {@code file} replaces: the absolute path, or the final target of a symbolic
   * link. Fails with a message when that is a directory or a special file, when a link points to a
   * missing file, or when the folder does not exist.
   */
  public static Path target(Path file) throws IOException {
    Path abs = file.toAbsolutePath().normalize();
    if (Files.isSymbolicLink(abs)) {
      if (!Files.exists(abs)) {
        throw new IOException(
            abs
                + " is a symbolic link to a missing file ("
                + Files.readSymbolicLink(abs)
                + "); remove the link or create its target");
      }
      abs = abs.toRealPath();
    }
    if (Files.isDirectory(abs)) throw new IOException(abs + " is a directory; give a file name");
    if (Files.exists(abs) && !Files.isRegularFile(abs)) {
      throw new IOException(
          abs + " is " + InputFiles.kind(abs) + ", not a regular file; it is not replaced");
    }
    Path dir = abs.getParent();
    if (dir != null) {
      if (Files.exists(dir) && !Files.isDirectory(dir))
        throw new IOException(dir + " is not a directory");
      if (!Files.exists(dir)) {
        Path missing = dir;
        while (missing.getParent() != null && !Files.exists(missing.getParent()))
          missing = missing.getParent();
        Path up = missing.getParent();
        if (up != null && Files.exists(up) && !Files.isDirectory(up))
          throw new IOException(up + " is not a directory");
        throw new IOException("the folder " + dir + " does not exist; create it first");
      }
      abs = dir.toRealPath().resolve(abs.getFileName());
    }
    return abs;
  }

  public static void write(Path file, Writer writer) throws IOException {
    Path abs = target(file);
    Path dir = abs.getParent();
    Path tmp;
    try {
      tmp = Files.createTempFile(dir, "." + abs.getFileName() + ".", ".tmp");
    } catch (AccessDeniedException e) {
      throw new IOException("no permission to create files in " + dir, e);
    } catch (FileSystemException e) {
      throw new IOException(
          "cannot create files in " + dir + (e.getReason() == null ? "" : ": " + e.getReason()), e);
    }
    try {
      removeStale(abs, tmp);
      try (var ch = FileChannel.open(tmp, StandardOpenOption.WRITE);
          OutputStream out = Channels.newOutputStream(ch)) {
        writer.write(out);
        out.flush();
        ch.force(true);
      }
      keepPermissions(tmp, abs);
      try {
        Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /**
   * Deletes {@code .NAME.*.tmp} files next to {@code target} that were last written more than
   * {@link #STALE_AFTER_MS} before {@code fresh} (the file system's clock, not the process's): what
   * a crashed earlier write left behind. A write still in progress touches its file and stays.
   */
  private static void removeStale(Path target, Path fresh) {
    String prefix = "." + target.getFileName() + ".";
    try (var files =
        Files.newDirectoryStream(
            target.getParent(),
            f -> {
              String n = f.getFileName().toString();
              return n.startsWith(prefix) && n.endsWith(".tmp") && !f.equals(fresh);
            })) {
      long now = Files.getLastModifiedTime(fresh).toMillis();
      for (Path f : files) {
        if (Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)
            && Files.getLastModifiedTime(f).toMillis() < now - STALE_AFTER_MS) {
          Files.deleteIfExists(f);
        }
      }
    } catch (IOException | RuntimeException e) {
      // best effort: a leftover we cannot remove does not stop the write
    }
  }

  /**
   * Temporary files are private (rw-------); give the new file the old file's permissions, or
   * rw-r--r-- for a new file, so saving does not hide a file from its readers.
   */
  private static void keepPermissions(Path tmp, Path target) {
    try {
      Set<PosixFilePermission> perms =
          Files.exists(target)
              ? Files.getPosixFilePermissions(target)
              : PosixFilePermissions.fromString("rw-r--r--");
      Files.setPosixFilePermissions(tmp, perms);
    } catch (UnsupportedOperationException | IOException e) {
      // not a POSIX file system: the platform's defaults apply
    }
  }

  public static void writeString(Path target, String text) throws IOException {
    write(target, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
  }
}
