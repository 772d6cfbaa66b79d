package io.rayon.views.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CommandStackTest {
  private final List<String> log = new ArrayList<>();

  private Command cmd(String name) {
    return new Command() {
      @Override
      public void execute() {
        log.add("do " + name);
      }

      @Override
      public void undo() {
        log.add("undo " + name);
      }

      @Override
      public String description() {
        return name;
      }
    };
  }

  @Test
  void undoAndRedoReplayCommandsInReverseAndForwardOrder() {
    CommandStack s = new CommandStack();
    s.execute(cmd("a"));
    s.execute(cmd("b"));
    assertThat(s.undo()).isTrue();
    assertThat(s.undo()).isTrue();
    assertThat(s.undo()).isFalse();
    assertThat(s.redo()).isTrue();
    assertThat(log).containsExactly("do a", "do b", "undo b", "undo a", "do a");
    assertThat(s.undoDescriptionProperty().get()).isEqualTo("a");
    assertThat(s.redoDescriptionProperty().get()).isEqualTo("b");
  }

  @Test
  void aNewCommandClearsTheRedoSide() {
    CommandStack s = new CommandStack();
    s.execute(cmd("a"));
    s.undo();
    assertThat(s.canRedoProperty().get()).isTrue();
    s.execute(cmd("c"));
    assertThat(s.canRedoProperty().get()).isFalse();
    assertThat(s.redo()).isFalse();
  }

  @Test
  void theOldestCommandsAreDroppedBeyondTheLimit() {
    CommandStack s = new CommandStack(2);
    s.execute(cmd("a"));
    s.execute(cmd("b"));
    s.execute(cmd("c"));
    assertThat(s.undoSize()).isEqualTo(2);
    s.undo();
    s.undo();
    assertThat(s.canUndoProperty().get()).isFalse();
    assertThat(log).endsWith("undo c", "undo b");
  }
}
