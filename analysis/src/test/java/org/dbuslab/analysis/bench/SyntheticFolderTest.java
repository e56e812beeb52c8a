package org.dbuslab.analysis.bench;

import org.dbuslab.analysis.read.ResultsFolder;
import org.dbuslab.analysis.read.ResultsFolderReader;
import org.dbuslab.analysis.read.RunRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

public class SyntheticFolderTest {

    @TempDir
    public Path dir;

    @Test
    public void writesCellsTimesRunsSoundRowsInBlocks() {
        ResultsFolder folder = ResultsFolderReader.read(SyntheticFolder.write(dir, 20, 3));
        assertEquals(60, folder.runs().size());
        assertEquals(20, folder.runs().stream().map(RunRecord::key).distinct().count());
        assertEquals(20, folder.runs().stream().filter(r -> r.block() == 3).count());
        assertEquals(java.util.List.of(), folder.warnings());
    }

    @Test
    public void cellsMustFillEveryTransportAndMode() {
        assertThrows(IllegalArgumentException.class, () -> SyntheticFolder.write(dir, 15, 3));
    }
}
