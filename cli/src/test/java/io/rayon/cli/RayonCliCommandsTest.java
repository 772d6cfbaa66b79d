package io.rayon.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@link RayonCli#run} builds only the command its first argument names: that command line must
 * behave as the whole one does (names, help, settings, messages), and the whole one must still list
 * every command.
 */
class RayonCliCommandsTest {

  @Test
  void eachNameIsItsCommandsOwnAndTheWholeCommandLineListsThemAllInOrder() {
    for (var e : RayonCli.COMMANDS.entrySet()) {
      Object command = e.getValue().get();
      assertThat(new CommandLine(command).getCommandName()).isEqualTo(e.getKey());
    }
    assertThat(RayonCli.commandLine().getSubcommands().keySet())
        .containsExactlyElementsOf(RayonCli.COMMANDS.keySet());
    CliRun help = CliRun.of("--help");
    int at = -1;
    for (String name : RayonCli.COMMANDS.keySet()) {
      int i = help.out().indexOf("\n  " + name + " ");
      assertThat(i).as("'%s' in the help", name).isGreaterThan(at);
      at = i;
    }
  }

  @Test
  void aCommandAloneHasTheSettingsAndHelpOfTheWholeCommandLine() {
    for (String name : RayonCli.COMMANDS.keySet()) {
      if (name.equals("help")) continue;
      CommandLine alone = RayonCli.commandLine(name, "--help").getSubcommands().get(name);
      CommandLine whole = RayonCli.commandLine().getSubcommands().get(name);
      assertThat(RayonCli.commandLine(name).getSubcommands()).containsOnlyKeys(name);
      assertThat(alone.getUsageMessage()).as(name).isEqualTo(whole.getUsageMessage());
      // the settings the project makes (CommandLine's own, at every level), as in the whole one
      assertThat(alone.getParent().isExpandAtFiles()).isFalse();
      assertThat(alone.isExpandAtFiles()).as(name).isEqualTo(whole.isExpandAtFiles());
      assertThat(alone.getParameterExceptionHandler())
          .isSameAs(alone.getParent().getParameterExceptionHandler());
      assertThat(alone.getExecutionExceptionHandler())
          .isSameAs(alone.getParent().getExecutionExceptionHandler());
      assertThat(whole.getExecutionExceptionHandler())
          .isSameAs(whole.getParent().getExecutionExceptionHandler());
      for (CommandLine sub : alone.getSubcommands().values())
        assertThat(sub.getExecutionExceptionHandler())
            .as(name + " " + sub.getCommandName())
            .isSameAs(alone.getParent().getExecutionExceptionHandler());
    }
  }

  @Test
  void badInputToACommandGivesTheSameMessageAndExitCodeAsBefore() {
    List<String[]> cases = new ArrayList<>();
    cases.add(new String[] {"plan", "--no-such-option"});
    cases.add(new String[] {"rdl", "check", "atom(<1,1>,1,1"});
    cases.add(new String[] {"plan"});
    cases.add(new String[] {"nosuchcommand"});
    cases.add(new String[] {"help", "plan"});
    cases.add(new String[] {"rdl", "check", "@/no/such/file"});
    for (String[] args : cases) {
      CliRun lazy = CliRun.of(args);
      CliRun whole = runWhole(args);
      assertThat(lazy.exit()).as(String.join(" ", args)).isEqualTo(whole.exit());
      assertThat(lazy.out()).as(String.join(" ", args)).isEqualTo(whole.out());
      assertThat(lazy.err()).as(String.join(" ", args)).isEqualTo(whole.err());
    }
    assertThat(CliRun.of("plan", "--no-such-option").exit()).isEqualTo(CliSupport.EXIT_BAD_INPUT);
    assertThat(CliRun.of("rdl", "check", "@/no/such/file").err()).startsWith("rayon: ");
  }

  /** The same arguments through the whole command line, as every run went before. */
  private static CliRun runWhole(String... args) {
    return CliRun.with(a -> RayonCli.commandLine().execute(a), args);
  }
}
