import { Card, Table, Title } from '@mantine/core';
import { PLAN_COMPARISON } from '../plan-comparison-rows';

/** Free against Premium, row by row. */
export function PlanComparison() {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="plan-comparison-title">
      <Title id="plan-comparison-title" order={2} fz="xl" mb="md">
        Compare Plans
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table striped verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Feature</Table.Th>
              <Table.Th scope="col">Free</Table.Th>
              <Table.Th scope="col">Premium</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {PLAN_COMPARISON.map((row) => (
              <Table.Tr key={row.feature}>
                <Table.Th scope="row" fw={500}>
                  {row.feature}
                </Table.Th>
                <Table.Td>{row.free}</Table.Td>
                <Table.Td>{row.premium}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
