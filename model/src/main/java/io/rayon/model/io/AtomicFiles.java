package io.rayon.model.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a file so that readers see either the old content or the new, never a half-written one:
 * the bytes go to a temporary file in the same folder, are forced to disk, then moved into place.
 */
public final class AtomicFiles {
  private AtomicFiles() {}

  @FunctionalInterface
  public interface Writer {
    void write(OutputStream out) throws IOException;
  }

  public static void write(Path target, Writer writer) throws IOException {
    Path abs = target.toAbsolutePath();
    if (Files.isDirectory(abs)) throw new IOException(abs + " is a directory; give a file name");
    Path dir = abs.getParent();
    if (dir != null) {
      try {
        Files.createDirectories(dir);
      } catch (java.nio.file.FileAlreadyExistsException e) {
        throw new IOException(e.getFile() + " is not a directory", e);
      }
    }
    Path tmp;
    try {
      tmp = Files.createTempFile(dir, "." + abs.getFileName() + ".", ".tmp");
    } catch (java.nio.file.AccessDeniedException e) {
      throw new IOException("no permission to create files in " + dir, e);
    } catch (java.nio.file.FileSystemException e) {
      throw new IOException("cannot create files in " + dir
          + (e.getReason() == null ? "" : ": " + e.getReason()), e);
    }
    try {
      try (var ch = java.nio.channels.FileChannel.open(tmp, java.nio.file.StandardOpenOption.WRITE);
          OutputStream out = java.nio.channels.Channels.newOutputStream(ch)) {
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
   * Temporary files are private (rw-------); give the new file the old file's permissions, or
   * rw-r--r-- for a new file, so saving does not hide a file from its readers.
   */
  private static void keepPermissions(Path tmp, Path target) {
    try {
      java.util.Set<java.nio.file.attribute.PosixFilePermission> perms =
          Files.exists(target)
              ? Files.getPosixFilePermissions(target)
              : java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--");
      Files.setPosixFilePermissions(tmp, perms);
    } catch (UnsupportedOperationException | IOException e) {
      // not a POSIX file system: the platform's defaults apply
    }
  }

  public static void writeString(Path target, String text) throws IOException {
    write(target, out -> out.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
  }
}
