import { Table, type TableProps, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

interface ActionsTableProps<T> extends Omit<TableProps, 'children'> {
  /** The column headings; a last column, named Actions for screen readers only, holds each row's buttons. */
  headings: readonly string[];
  caption?: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** A row's cells (Table.Td), its buttons last. */
  cells: (row: T) => ReactNode;
}

/** A striped table of records with their actions, scrolling sideways on a narrow screen. */
export function ActionsTable<T>({ headings, caption, rows, rowKey, cells, ...table }: ActionsTableProps<T>) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped {...table}>
        {caption && <Table.Caption>{caption}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>
            {headings.map((heading) => (
              <Table.Th key={heading}>{heading}</Table.Th>
            ))}
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>{cells(row)}</Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
