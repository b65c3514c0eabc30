import { Controller, Param } from '@nestjs/common';
import { endpoints, type Folder, type MessageResponse } from '@shrinkly/contract';
import { BuiltFrom } from '../../common/factory-provider.js';
import type { UserRow } from '../../db/schema/index.js';
import { CurrentUser } from '../../http/auth.guards.js';
import { type BodyOf, type QueryOf, Route, ValidBody, ValidQuery } from '../../http/contract-route.js';
import { FolderService } from './folder.service.js';

@Controller()
@BuiltFrom(FolderService)
export class FoldersController {
  constructor(private readonly folders: FolderService) {}

  @Route(endpoints.listFolders)
  list(@CurrentUser() user: UserRow, @ValidQuery() query: QueryOf<typeof endpoints.listFolders>): Promise<Folder[]> {
    return this.folders.list(user, query.parentId);
  }

  @Route(endpoints.createFolder)
  create(@CurrentUser() user: UserRow, @ValidBody() body: BodyOf<typeof endpoints.createFolder>): Promise<Folder> {
    return this.folders.create(user, body);
  }

  @Route(endpoints.deleteFolder)
  async delete(@CurrentUser() user: UserRow, @Param('id') id: string): Promise<MessageResponse> {
    await this.folders.delete(user, id);
    return { message: 'Folder deleted' };
  }
}
